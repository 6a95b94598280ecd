import { Anchor, Badge, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Customer } from '../../../core/api/orders';
import { ListPage, PHONE_QUERY, type Column } from '../../components/ListPage';
import { formatAmount, formatDate, orDash } from '../../lib/format';
import { useCustomerList } from './api';
import { paths } from '../../lib/paths';

/** The red badge of a flagged customer (any company's flag); nothing for the others. */
export function FlagBadge({ count, compact = false }: { count: number; compact?: boolean }) {
  const { t } = useTranslation('customers');
  if (count === 0) return null;
  // Compact (under the name on a phone): the flag and the count, the words read out only.
  return (
    <Badge
      color="red"
      variant="light"
      size="sm"
      leftSection={<IconFlag size={12} />}
      aria-label={compact ? t('flagged', { count }) : undefined}
      data-testid="flag-badge"
    >
      {compact ? count : t('flagged', { count })}
    </Badge>
  );
}

/**
 * /customers: the company's customers with phone, email, orders, total spent, last order and
 * flags; search by name, phone or email; a name opens the customer's page.
 */
export function CustomersPage() {
  const { t, i18n } = useTranslation('customers');
  const list = useCustomerList();
  const phone = useMediaQuery(PHONE_QUERY, false) ?? false;

  const columns: Column<Customer>[] = [
    {
      key: 'name',
      header: t('col.name'),
      render: (c) => (
        <div>
          <Anchor component={Link} to={paths.customer(c.id)} size="sm" fw={500}>
            {c.name}
          </Anchor>
          {/* A phone shows the flag under the name: its own column is beyond the screen's edge. */}
          {phone && c.flags.length > 0 ? (
            <div>
              <FlagBadge count={c.flags.length} compact />
            </div>
          ) : null}
        </div>
      ),
    },
    { key: 'phone_number', header: t('col.phone'), nowrap: true },
    { key: 'email', header: t('col.email'), render: (c) => orDash(c.email) },
    { key: 'orders_count', header: t('col.orders'), align: 'right' },
    {
      key: 'total_spent',
      header: t('col.spent'),
      align: 'right',
      nowrap: true,
      render: (c) => formatAmount(c.total_spent, 'RON', i18n.language),
    },
    {
      key: 'last_order_at',
      header: t('col.lastOrder'),
      nowrap: true,
      render: (c) => (
        <Text span size="sm">
          {c.last_order_at === null ? '—' : formatDate(c.last_order_at, i18n.language)}
        </Text>
      ),
    },
    { key: 'flags', header: t('col.flags'), render: (c) => <FlagBadge count={c.flags.length} /> },
  ];

  return <ListPage<Customer> texts="customers" list={list} columns={columns} />;
}
