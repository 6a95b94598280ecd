import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListPage } from '../../components/ListPage';
import { StatusBadge } from '../../components/StatusBadge';
import { formatAmount, formatDate, orDash } from '../../lib/format';
import { useCompanyId } from '../../lib/session';
import { useOrderCrud, useOrderList } from './api';
import { activeJobStore } from './bulk/api';
import { BulkBar } from './bulk/BulkBar';
import { BulkJobPanel, RecentBulkJobs } from './bulk/BulkJobPanel';
import { CustomerFlags } from './badges/CustomerFlags';
import { InvoiceStatusBadge } from './badges/InvoiceStatusBadge';
import { OrderFilters, useOrderFilterParams } from './list/OrderFilters';
import type { OrderListItem } from '../../../core/api/orders';
import { paths } from '../../lib/paths';

/**
 * /orders: the selected company's orders, newest first; the page lives in the URL (?page=), and so
 * does the invoice status filter (?invoice_status=, back to page 1 when it changes).
 */
export function OrdersPage() {
  const { t, i18n } = useTranslation('orders');
  const navigate = useNavigate();
  const filters = useOrderFilterParams();
  const list = useOrderList(filters);
  const crud = useOrderCrud(list);
  const page = list.state.page;
  const { t: tb } = useTranslation('orderBulk');
  const companyId = useCompanyId();
  // The bulk job shown above the list: remembered per company, so it is there again after leaving the page.
  const [jobOf, setJobOf] = useState<{ company: number | null; id: number | null }>({ company: null, id: null });
  const jobId = jobOf.company === companyId ? jobOf.id : activeJobStore.get(companyId);
  const showJob = (id: number | null) => {
    activeJobStore.set(companyId, id);
    setJobOf({ company: companyId, id });
  };

  return (
    <Stack gap="md">
      {jobId !== null ? <BulkJobPanel key={jobId} id={jobId} onClose={() => showJob(null)} /> : null}
      <ListPage<OrderListItem>
        texts="orders"
        list={list}
        toolbar={
          <>
            <OrderFilters />
            <RecentBulkJobs onOpen={showJob} />
          </>
        }
        selectLabel={(o) => tb('selectOrder', { id: o.id })}
        bulkActions={(selected, clear) => (
          <BulkBar
            selectedIds={selected.map((o) => o.id)}
            pageRows={list.rows.length}
            matching={list.meta?.total ?? 0}
            filter={{ ...filters, ...(list.state.search ? { search: list.state.search } : {}) }}
            clear={clear}
            onStarted={showJob}
          />
        )}
        onAdd={() => void navigate(paths.newOrder())}
        columns={[
          {
            key: 'id',
            header: t('col.id'),
            nowrap: true,
            render: (o) => (
              <Text size="sm" fw={600}>
                #{o.id}
              </Text>
            ),
          },
          {
            key: 'customer',
            header: t('col.customer'),
            render: (o) => (
              <Group gap={4} wrap="nowrap">
                <Text size="sm">{orDash(o.customer_detail?.name)}</Text>
                <CustomerFlags flags={o.customer_detail?.flags} />
              </Group>
            ),
          },
          {
            key: 'phone',
            header: t('col.phone'),
            nowrap: true,
            render: (o) => orDash(o.customer_detail?.phone_number),
          },
          { key: 'status', header: t('col.status'), render: (o) => <StatusBadge status={o.status} /> },
          {
            key: 'invoice_status',
            header: t('col.invoiceStatus'),
            render: (o) => <InvoiceStatusBadge status={o.invoice_status} />,
          },
          {
            key: 'courier_status',
            header: t('col.courierStatus'),
            render: (o) => <StatusBadge status={o.courier_status} />,
          },
          {
            key: 'total',
            header: t('col.total'),
            align: 'right',
            nowrap: true,
            render: (o) => formatAmount(o.total_value, 'RON', i18n.language),
          },
          {
            key: 'created',
            header: t('col.created'),
            nowrap: true,
            render: (o) => formatDate(o.created_at, i18n.language),
          },
        ]}
        rowActions={(o) => (
          <Tooltip label={t('view')}>
            <ActionIcon
              component={Link}
              to={paths.order(o.id, { fromPage: page })}
              variant="subtle"
              aria-label={t('viewOrder', { id: o.id })}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        onDelete={(o) => crud.remove.mutateAsync(o.id)}
        deleteMessage={(o) => t('deleteMessage', { id: o.id })}
      />
    </Stack>
  );
}

/** The list's filter as the bulk selection sends it: what the list shows is what is acted on. */
