import { Badge, Button, Collapse, Group, Select, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFilter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { INVOICE_STATUSES, ORDER_STATUSES } from '../../../../core/orders/statuses';
import { AWB_COURIERS, COURIER_STATUSES } from '../../../../core/orders/couriers';
import { ORDER_FILTER_KEYS } from '../../../../core/orders/listFilter';
import { DateField } from '../../../components/DateField';
import { PHONE_QUERY } from '../../../components/ListPage';
import { useUrlParams } from '../../../components/useUrlParams';
import { api, type QueryParams } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { saveFile } from '../../../lib/download';
import { queryKeys } from '../../../lib/queryKeys';
import { useCompanyId } from '../../../lib/session';
import { AddressCheckTab, chooseTab, currentTab } from './AddressCheckTab';
import { AttentionTab } from './AttentionTab';
import { ORDERS_PATH } from '../api';

/** The list's filters (all but the search, which the list's own box keeps), as the URL holds them. */
const FILTERS = ORDER_FILTER_KEYS.filter((k) => k !== 'search');

/** The filters of the URL, sent with every page, count and export (core/orders/listFilter.ts). */
export function useOrderFilterParams(): QueryParams {
  const [params] = useSearchParams();
  const out: QueryParams = {};
  for (const k of FILTERS) {
    const v = params.get(k);
    if (v) out[k] = v;
  }
  return out;
}

/** The filters the status tabs do not show (status and the address check are tabs): what the Filters button counts. */
const PANEL_FILTERS = FILTERS.filter((k) => k !== 'status' && k !== 'address_check' && k !== 'attention');

/** How many of the panel's filters the URL sets. */
export function activeFilterCount(filters: QueryParams): number {
  return PANEL_FILTERS.filter((k) => filters[k] !== undefined && filters[k] !== '').length;
}

type Counts = Record<'all' | (typeof ORDER_STATUSES)[number], number>;

/**
 * Status tabs with their counts and the filter controls above the orders list. Every choice is
 * written into the URL as a new history entry (Back returns to the list as it was) and takes the
 * list back to page 1.
 */
export function OrderFilters() {
  const { t, i18n } = useTranslation('orders');
  const companyId = useCompanyId();
  const [params] = useSearchParams();
  const writeUrl = useUrlParams();
  const filters = useOrderFilterParams();
  const search = params.get('search') ?? '';
  const countsQuery: QueryParams = { ...filters, ...(search ? { search } : {}), company_id: companyId ?? undefined };
  // The tabs count every status: the tab itself is not a filter of the counts ("to check" is a tab too).
  delete countsQuery.status;
  delete countsQuery.address_check;
  delete countsQuery.attention;
  const counts = useQuery({
    queryKey: [...queryKeys.lists('order', companyId), 'counts', countsQuery],
    queryFn: ({ signal }) =>
      api.get<{ data: Counts; meta?: { address_check?: number; attention?: number } }>(
        `${ORDERS_PATH}/counts`,
        countsQuery,
        signal,
      ),
    enabled: companyId !== null,
  });
  const sources = useQuery({
    queryKey: queryKeys.list('source', companyId, { items: 100, purpose: 'order-filter' }),
    queryFn: ({ signal }) =>
      api.get<{ data: { id: number; source: string }[] }>(
        '/api/v1/source',
        { items: 100, company_id: companyId ?? undefined },
        signal,
      ),
    enabled: companyId !== null,
  });

  const set = (key: string, value: string | null, replace = false) =>
    writeUrl(
      (next) => {
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
      },
      { replace },
    );
  // A date typed by hand changes with each digit of the year: one history entry per visit of the
  // field (the first change adds it, the next ones replace it), so Back skips the half-typed days.
  const typingDate = useRef<string | null>(null);
  const dateProps = (key: 'created_from' | 'created_to') => ({
    value: params.get(key) ?? '',
    onChange: (day: string) => {
      set(key, day || null, typingDate.current === key);
      typingDate.current = key;
    },
    onBlur: () => {
      typingDate.current = null;
    },
  });

  const yesNo = [
    { value: '1', label: t('filters.yes') },
    { value: '0', label: t('filters.no') },
  ];
  const exportAs = async (format: 'csv' | 'xlsx') => {
    const file = await api.file(`${ORDERS_PATH}/export`, { ...filters, ...(search ? { search } : {}), format });
    saveFile(file.blob, file.filename ?? `orders.${format}`);
  };
  const tab = currentTab(filters);
  // A phone shows the orders first: the ten filters fill its screen, so they fold behind a
  // "Filters" button that counts the active ones (open while the user works in them).
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [panelOpen, setPanelOpen] = useState(false);
  const active = activeFilterCount(filters);
  const exports = (
    <Group gap="xs" wrap="wrap">
      <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={() => void exportAs('csv')}>
        {t('filters.exportCsv')}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDownload size={14} />}
        onClick={() => void exportAs('xlsx')}
      >
        {t('filters.exportXlsx')}
      </Button>
    </Group>
  );

  return (
    <>
      <Tabs value={tab} onChange={(v) => chooseTab(writeUrl, v)} mb="xs">
        <Tabs.List>
          {(['all', ...ORDER_STATUSES] as const).map((s) => (
            <Tabs.Tab
              key={s}
              value={s}
              rightSection={
                <Badge size="sm" variant="light" data-testid={`count-${s}`}>
                  {typeof counts.data?.data?.[s] === 'number' ? formatNumber(counts.data.data[s], i18n.language) : '…'}
                </Badge>
              }
            >
              {t(`tabs.${s}`)}
            </Tabs.Tab>
          ))}
          <AddressCheckTab count={counts.data?.meta?.address_check} />
          <AttentionTab count={counts.data?.meta?.attention} />
        </Tabs.List>
      </Tabs>
      {/* The exports act on the list as filtered: beside the Filters button, not among the filters. */}
      <Group gap="xs" mb="xs" justify="space-between" wrap="wrap">
        {phone ? (
          <Button
            size="xs"
            variant={active ? 'light' : 'default'}
            leftSection={<IconFilter size={14} />}
            rightSection={
              active ? (
                <Badge size="sm" circle data-testid="active-filters">
                  {active}
                </Badge>
              ) : null
            }
            aria-label={active ? t('filters.toggleActive', { count: active }) : undefined}
            aria-expanded={panelOpen}
            aria-controls="order-filters"
            onClick={() => setPanelOpen((o) => !o)}
          >
            {t('filters.toggle')}
          </Button>
        ) : (
          <span />
        )}
        {exports}
      </Group>
      <Collapse expanded={!phone || panelOpen} id="order-filters">
        <Group gap="xs" align="end" mb="xs" wrap="wrap" data-testid="order-filter-fields">
          <Select
            size="xs"
            clearable
            label={t('invoiceFilter.label')}
            placeholder={t('invoiceFilter.all')}
            data={INVOICE_STATUSES.map((v) => ({ value: v, label: t(`invoiceStatus.${v}`) }))}
            value={params.get('invoice_status')}
            onChange={(v) => set('invoice_status', v)}
            data-testid="invoice-status-filter"
          />
          <Select
            size="xs"
            clearable
            label={t('filters.courier')}
            data={AWB_COURIERS.map((c) => ({ value: c, label: t(`filters.couriers.${c}`) }))}
            value={params.get('courier')}
            onChange={(v) => set('courier', v)}
          />
          <Select
            size="xs"
            clearable
            label={t('filters.courierStatus')}
            data={COURIER_STATUSES.map((c) => ({ value: c, label: c }))}
            value={params.get('courier_status')}
            onChange={(v) => set('courier_status', v)}
          />
          <Select
            size="xs"
            clearable
            label={t('filters.source')}
            data={(Array.isArray(sources.data?.data) ? sources.data.data : [])
              .filter((s) => typeof s.source === 'string')
              .map((s) => ({ value: String(s.id), label: s.source }))}
            value={params.get('source')}
            onChange={(v) => set('source', v)}
          />
          <DateField size="xs" w={150} label={t('filters.from')} {...dateProps('created_from')} />
          <DateField size="xs" w={150} label={t('filters.to')} {...dateProps('created_to')} />
          {(['has_awb', 'has_invoice', 'flagged'] as const).map((k) => (
            <Select
              key={k}
              size="xs"
              w={110}
              clearable
              label={t(`filters.${k}`)}
              data={yesNo}
              value={params.get(k)}
              onChange={(v) => set(k, v)}
            />
          ))}
        </Group>
      </Collapse>
    </>
  );
}
