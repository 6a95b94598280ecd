import { Alert, Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { session, useSelectedCompany } from '../lib/session';
import { LIST_PARAMS } from '../components/listParams';
import { useCompanies } from '../components/useCompanies';
import { useUrlParams } from '../components/useUrlParams';
import { refreshAfterCompanyChange, resolveSelection } from './companySelection';
import { PAGES, paths } from '../lib/paths';

/**
 * Keeps the selected company valid once the user's companies are known: the stored one if it still
 * exists, else the first; /companies when there is none. Runs in the layout, whatever the screen
 * size: on a phone the selector sits in a closed drawer, and lists must not wait for it to open.
 */
export function useKeepCompanySelected(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const rows = useCompanies().companies;
  useEffect(() => {
    if (!rows) return;
    const next = resolveSelection(rows, session.get().company);
    const current = session.get().company;
    if (next?.id !== current?.id || next?.name !== current?.name) session.selectCompany(next);
    if (!next && location.pathname !== PAGES.companies) void navigate(paths.companies());
    // Only when the list of companies changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);
}

/** The sidebar's company selector: reloads the screen's data for the chosen company. */
export function CompanySelector({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation('common');
  const selected = useSelectedCompany();
  const qc = useQueryClient();
  const writeUrl = useUrlParams();
  const companies = useCompanies();
  const rows = companies.companies;

  const choose = (value: string | null) => {
    const company = rows?.find((c) => String(c.id) === value);
    if (!company || company.id === selected?.id) return;
    const previous = selected?.id ?? null;
    session.selectCompany({ id: company.id, name: company.name });
    // Reload the current screen's data for the new company (no request of the old one), lists go back to page 1.
    void refreshAfterCompanyChange(qc, previous);
    writeUrl((params) => params.delete(LIST_PARAMS.page), { replace: true });
    onChanged?.();
  };

  if (companies.isError)
    return (
      <Alert color="red" p="xs" fz="sm">
        {t('layout.companiesFailed')}
      </Alert>
    );
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
