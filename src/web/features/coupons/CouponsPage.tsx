import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Coupon } from '../../../core/api/coupons';
import { ListPage } from '../../components/ListPage';
import { ActiveBadge } from '../../components/StatusBadge';
import { useEntityModal } from '../../components/useModalForm';
import { useCouponCrud, useCouponList } from './api';
import { CouponModal } from './CouponModal';
import { couponUsesText, couponValueText } from './format';

/** /coupons: the selected company's coupon codes, applied by hand on an order's detail. */
export function CouponsPage() {
  const { t, i18n } = useTranslation('coupons');
  const lang = i18n.language;
  const list = useCouponList();
  const crud = useCouponCrud(list);
  const modal = useEntityModal<Coupon>();

  return (
    <>
      <ListPage<Coupon>
        texts="coupons"
        list={list}
        onAdd={modal.add}
        columns={[
          {
            key: 'code',
            header: t('col.code'),
            render: (c) => (
              <Text size="sm" fw={600} ff="monospace">
                {c.code}
              </Text>
            ),
          },
          {
            key: 'type',
            header: t('col.type'),
            render: (c) => (
              <Badge variant="light" color={c.type === 'percentage' ? 'violet' : 'blue'}>
                {t(`type.${c.type}`)}
              </Badge>
            ),
          },
          { key: 'value', header: t('col.value'), render: (c) => couponValueText(c.type, c.value, lang) },
          { key: 'uses', header: t('col.uses'), render: (c) => couponUsesText(c, t) },
          { key: 'active', header: t('col.status'), render: (c) => <ActiveBadge active={c.active} /> },
        ]}
        onEdit={modal.edit}
        onDelete={(c) => crud.remove.mutateAsync(c.id)}
        deleteMessage={(c) => t('deleteMessage', { code: c.code })}
      />
      <CouponModal {...modal.props} save={crud.save} saving={crud.isSaving} />
    </>
  );
}
