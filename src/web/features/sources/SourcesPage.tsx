import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Source } from '../../../core/api/sources';
import { ListPage } from '../../components/ListPage';
import { ActiveBadge } from '../../components/StatusBadge';
import { useEntityModal } from '../../components/useModalForm';
import { useSourceCrud, useSourceList } from './api';
import { IntakeKeyModal } from './IntakeKeyModal';
import { SourceModal } from './SourceModal';

/** /sources: the channels the selected company's orders come from. */
export function SourcesPage() {
  const { t } = useTranslation('sources');
  const list = useSourceList();
  const crud = useSourceCrud(list);
  const modal = useEntityModal<Source>();
  // The source whose intake key (the way a shop pushes its orders in) is open.
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
              <Text size="sm" fw={500}>
                {s.source}
              </Text>
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
              <IconKey size={18} />
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
