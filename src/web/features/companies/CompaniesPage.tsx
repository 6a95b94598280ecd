import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '../../../core/api/companies';
import { ListPage } from '../../components/ListPage';
import { ActiveBadge, YesNoBadge } from '../../components/StatusBadge';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';
import { useEntityModal } from '../../components/useModalForm';
import { CompanyModal, type CompanyFormValues } from './CompanyModal';
import { MembersModal } from './MembersModal';

/** /companies: the user's companies (not scoped to the selected one). */
export function CompaniesPage() {
  const { t } = useTranslation('companies');
  const list = useList<Company>({ resource: 'company', path: '/api/v1/company', companyScoped: false });
  const crud = useCrud<CompanyFormValues>({ resource: 'company', path: '/api/v1/company', list });
  const modal = useEntityModal<Company>();
  const [membersOf, setMembersOf] = useState<Company | null>(null);

  return (
    <>
      <ListPage<Company>
        texts="companies"
        list={list}
        onAdd={modal.add}
        columns={[
          { key: 'name', header: t('col.name'), render: (c) => <Text fw={500}>{c.name}</Text> },
          { key: 'vat_number', header: t('col.vat_number') },
          { key: 'administrator_name', header: t('col.administrator') },
          { key: 'vat_payer', header: t('col.vat_payer'), render: (c) => <YesNoBadge value={c.vat_payer} /> },
          { key: 'active', header: t('col.status'), render: (c) => <ActiveBadge active={c.active} /> },
        ]}
        rowActions={(c) => (
          <Tooltip label={t('members.action')}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('members.action')}: ${c.name}`}
              onClick={() => setMembersOf(c)}
            >
              <IconUsers size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        onEdit={modal.edit}
        onDelete={(c) => crud.remove.mutateAsync(c.id)}
        deleteMessage={(c) => t('deleteMessage', { name: c.name })}
      />
      <CompanyModal {...modal.props} save={crud.save} saving={crud.isSaving} />
      <MembersModal company={membersOf} onClose={() => setMembersOf(null)} />
    </>
  );
}
