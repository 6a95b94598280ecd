import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Package } from '../../../core/api/packages';
import { ListPage } from '../../components/ListPage';
import { EmptyState } from '../../components/states';
import { StatusToggle } from '../../components/StatusToggle';
import { useEntityModal } from '../../components/useModalForm';
import { withReason } from '../../lib/api';
import { localeOf } from '../../lib/i18n';
import { useCompanyId } from '../../lib/session';
import { usePackageCrud, usePackageList } from './api';
import { PackageItemsModal } from './PackageItemsModal';
import { PackageModal } from './PackageModal';

/** /packages: shipping presets of the selected company and their contents. */
export function PackagesPage() {
  const { t, i18n } = useTranslation('packages');
  const companyId = useCompanyId();
  const list = usePackageList();
  const crud = usePackageCrud(list);
  const modal = useEntityModal<Package>();
  const [itemsOf, setItemsOf] = useState<Package | null>(null);

  const num = (n: number) => n.toLocaleString(localeOf(i18n.language), { maximumFractionDigits: 2 });
  const unknown = t('errors.unknown');

  // "Failed to fetch packages: {reason}" in the list's red error block.
  const shown = useMemo(
    () => ({
      ...list,
      error: list.error ? withReason(list.error, (reason) => t('errors.fetch', { reason }), unknown) : null,
    }),
    [list, t, unknown],
  );

  return (
    <>
      <ListPage<Package>
        texts="packages"
        list={shown}
        onAdd={modal.add}
        empty={<EmptyState title={t('empty')} icon={<IconPackage size={26} />} />}
        columns={[
          {
            key: 'name',
            header: t('col.name'),
            render: (p) => (
              <>
                <Group gap={6} wrap="nowrap">
                  <Text fw={500}>{p.name}</Text>
                  {p.is_default ? (
                    <Badge size="sm" variant="light" data-testid="default-package">
                      {t('defaultBadge')}
                    </Badge>
                  ) : null}
                </Group>
                {p.description ? (
                  <Text size="sm" c="dimmed" lineClamp={2} maw={420}>
                    {p.description}
                  </Text>
                ) : null}
              </>
            ),
          },
          {
            key: 'dimensions',
            header: t('col.dimensions'),
            render: (p) => (
              <Text style={{ whiteSpace: 'nowrap' }}>
                {t('dimensions', { length: num(p.length), width: num(p.width), height: num(p.height) })}
              </Text>
            ),
          },
          {
            key: 'weight',
            header: t('col.weight'),
            render: (p) => <Text style={{ whiteSpace: 'nowrap' }}>{t('weight', { weight: num(p.weight) })}</Text>,
          },
          {
            key: 'is_active',
            header: t('col.status'),
            render: (p) => (
              <StatusToggle
                id={p.id}
                active={p.is_active}
                crud={crud}
                ariaLabel={t('status.toggle', { name: p.name })}
                labels={[t('status.on'), t('status.off')]}
                doneMessage={(on) => t(on ? 'activated' : 'deactivated', { name: p.name })}
                failedMessage={(e) => withReason(e, (reason) => t('errors.update', { reason }), unknown).message}
              />
            ),
          },
        ]}
        rowActions={(p) => (
          <Tooltip label={t('viewItems')}>
            <ActionIcon variant="subtle" color="teal" aria-label={t('viewItems')} onClick={() => setItemsOf(p)}>
              <IconPackage size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        onEdit={modal.edit}
        onDelete={async (p) => {
          try {
            await crud.remove.mutateAsync(p.id);
          } catch (e) {
            throw withReason(e, (reason) => t('errors.delete', { reason }), unknown);
          }
        }}
        deleteMessage={(p) => t('deleteMessage', { name: p.name })}
      />
      <PackageModal
        {...modal.props}
        save={(id, body) =>
          crud.save(id, id === null && companyId !== null ? { ...body, company_id: companyId } : body)
        }
        saving={crud.isSaving}
      />
      <PackageItemsModal pkg={itemsOf} onClose={() => setItemsOf(null)} />
    </>
  );
}
