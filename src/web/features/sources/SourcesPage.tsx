import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Source } from '../../../core/api/sources';
import { ListPage } from '../../components/ListPage';
import { ActiveBadge } from '../../components/StatusBadge';
import { useEntityModal } from '../../components/useModalForm';
import { useSourceCrud, useSourceList } from './api';
import { useConnectedShops } from './connector/api';
import { ShopBadge } from './connector/ShopBadge';
import { IntakeKeyModal } from './IntakeKeyModal';
import { SourceModal } from './SourceModal';

/** /sources: the channels the selected company's orders come from. */
export function SourcesPage() {
  const { t } = useTranslation('sources');
  const list = useSourceList();
  const crud = useSourceCrud(list);
  const modal = useEntityModal<Source>();
  // The sources with a shop connected, read once for the whole list (never a request per row).
  const shops = new Map((useConnectedShops().data ?? []).map((c) => [c.source_id, c]));
  // The source whose connection (its shop connector and its intake key) is open.
  const [keyOf, setKeyOf] = useState<Source | null>(null);

  return (
    <>
      <ListPage<Source>
        texts="sources"
        list={list}
        onAdd={modal.add}
        columns={[
          {
            key: 'source',
            header: t('col.source'),
            render: (s) => (
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={500}>
                  {s.source}
                </Text>
                <ShopBadge connector={shops.get(s.id)} />
              </Group>
            ),
          },
          { key: 'company', header: t('col.company'), render: (s) => s.company?.name ?? t('unknownCompany') },
          { key: 'active', header: t('col.status'), render: (s) => <ActiveBadge active={s.active} /> },
        ]}
        rowActions={(s) => (
          <Tooltip label={t('intake.open')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('intake.openLabel', { name: s.source })}
              onClick={() => setKeyOf(s)}
            >
              <IconPlugConnected size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        onEdit={modal.edit}
        onDelete={(s) => crud.remove.mutateAsync(s.id)}
        deleteMessage={(s) => t('deleteMessage', { name: s.source })}
      />
      <SourceModal {...modal.props} save={crud.save} saving={crud.isSaving} />
      <IntakeKeyModal source={keyOf} onClose={() => setKeyOf(null)} />
    </>
  );
}
