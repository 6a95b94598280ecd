import { Alert, Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { session, useSelectedCompany } from '../lib/session';
import { LIST_PARAMS } from '../components/listParams';
import { useCompanies } from '../components/useCompanies';
import { resolveSelection } from './companySelection';

/**
 * The sidebar's company selector: loads the user's companies, keeps the selection valid (first
 * one when none is stored, /companies when there is none) and reloads the screen's data on change.
 */
export function CompanySelector({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation('common');
  const selected = useSelectedCompany();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const companies = useCompanies();
  const rows = companies.companies;
  useEffect(() => {
    if (!rows) return;
    const next = resolveSelection(rows, session.get().company);
    const current = session.get().company;
    if (next?.id !== current?.id || next?.name !== current?.name) session.selectCompany(next);
    if (!next && location.pathname !== '/companies') void navigate('/companies');
    // Only when the list of companies changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);

  const choose = (value: string | null) => {
    const company = rows?.find((c) => String(c.id) === value);
    if (!company || company.id === selected?.id) return;
    session.selectCompany({ id: company.id, name: company.name });
    // Reload the current screen's data: every cached answer is stale, lists go back to page 1.
    void qc.invalidateQueries();
    const params = new URLSearchParams(location.search);
    if (params.has(LIST_PARAMS.page)) {
      params.delete(LIST_PARAMS.page);
      const qs = params.toString();
      void navigate({ pathname: location.pathname, search: qs ? `?${qs}` : '' }, { replace: true });
    }
    onChanged?.();
  };

  if (companies.isError) return <Alert color="red" p="xs" fz="sm">{t('layout.companiesFailed')}</Alert>;
  return (
    <Select
      label={t('layout.company')}
      aria-label={t('layout.company')}
      placeholder={rows && rows.length === 0 ? t('layout.noCompanies') : t('layout.selectCompany')}
      leftSection={<IconBuildingStore size={16} />}
      data={companies.companyOptions}
      value={selected ? String(selected.id) : null}
      onChange={choose}
      searchable={(rows?.length ?? 0) > 8}
      allowDeselect={false}
      nothingFoundMessage={t('list.noResults')}
      disabled={companies.isPending}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
