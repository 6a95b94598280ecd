import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Source } from '../../../core/api/sources';
import { ListPage } from '../../components/ListPage';
import { ActiveBadge } from '../../components/StatusBadge';
import { EmptyState } from '../../components/states';
import { useCompanyId } from '../../lib/session';
import { useSourceCrud, useSourceList } from './api';
import { SourceModal } from './SourceModal';

/** /sources: the channels the selected company's orders come from. */
export function SourcesPage() {
  const { t } = useTranslation('sources');
  const companyId = useCompanyId();
  const list = useSourceList();
  const crud = useSourceCrud(list);
  // undefined: closed; null: adding; a source: editing.
  const [editing, setEditing] = useState<Source | null | undefined>(undefined);

  return (
    <>
      <ListPage<Source>
        title={t('title')}
        list={list}
        onAdd={() => setEditing(null)}
        addLabel={t('add')}
        searchPlaceholder={t('searchPlaceholder')}
        errorFallback={t('errors.fetch')}
        empty={<EmptyState title={t('empty')} />}
        columns={[
          { key: 'source', header: t('col.source'), render: (s) => <Text size="sm" fw={500}>{s.source}</Text> },
          { key: 'company', header: t('col.company'), render: (s) => s.company?.name ?? t('unknownCompany') },
          { key: 'active', header: t('col.status'), render: (s) => <ActiveBadge active={s.active} /> },
        ]}
        onEdit={(s) => setEditing(s)}
        onDelete={async (s) => {
          await crud.remove.mutateAsync(s.id);
          notifications.show({ color: 'green', message: t('deleted') });
        }}
        deleteMessage={(s) => t('deleteMessage', { name: s.source })}
        deleteErrorFallback={t('errors.delete')}
      />
      <SourceModal
        opened={editing !== undefined}
        source={editing ?? null}
        selectedCompanyId={companyId}
        onClose={() => setEditing(undefined)}
        create={(body) => crud.create.mutateAsync(body)}
        update={(id, body) => crud.update.mutateAsync({ id, body })}
        saving={crud.isSaving}
      />
    </>
  );
}
