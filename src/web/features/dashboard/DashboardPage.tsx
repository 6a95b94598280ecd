import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import { IconBox, IconBuilding, IconEye, IconShoppingCart, IconTargetArrow, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../components/StatusBadge';
import { TableOrCards } from '../../components/TableOrCards';
import { CompanyRequired, EmptyState, ErrorState, LoadingState, PageHeader } from '../../components/states';
import { errorMessage } from '../../lib/api';
import { formatAmount, formatDate, formatDateTime } from '../../lib/format';
import { useCompanyId } from '../../lib/session';
import { COUNTED, useChangelog, useCounts, useRecentOrders, type Counted } from './api';
import { DashboardCharts } from './DashboardCharts';
import { paths } from '../../lib/paths';

const ICONS: Record<Counted, typeof IconBox> = {
  company: IconBuilding,
  product: IconBox,
  order: IconShoppingCart,
  source: IconTargetArrow,
  customer: IconUsers,
};
const LABELS: Record<Counted, string> = {
  company: 'companies',
  product: 'products',
  order: 'orders',
  source: 'sources',
  customer: 'customers',
};
const CHANGELOG_COLORS: Record<string, string> = { notice: 'blue', warning: 'yellow', success: 'green', error: 'red' };

export function DashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const companyId = useCompanyId();
  const counts = useCounts(companyId);
  const recent = useRecentOrders(companyId);
  const changelog = useChangelog();
  const orders = recent.data?.data ?? [];
  const phone = (o: (typeof orders)[number]) => o.customer_detail?.phone_number ?? o.customer_detail?.telefon ?? '—';
  const viewButton = (o: (typeof orders)[number]) => (
    <Button component={Link} to={paths.order(o.id)} size="xs" variant="light" leftSection={<IconEye size={14} />}>
      {t('view')}
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} />
      {companyId === null ? <CompanyRequired /> : null}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
        {COUNTED.map((resource, i) => {
          const Icon = ICONS[resource];
          const q = counts[i];
          return (
            <Card key={resource} withBorder radius="md" padding="md" data-testid={`count-${resource}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text size="sm" c="dimmed">
                    {t(`counts.${LABELS[resource]}`)}
                  </Text>
                  {q.isLoading ? (
                    <Loader size="sm" />
                  ) : (
                    <Text fz={28} fw={700} lh={1.1}>
                      {(q.data ?? 0).toLocaleString(i18n.language)}
                    </Text>
                  )}
                </Stack>
                <ThemeIcon variant="light" size={40} radius="md">
                  <Icon size={22} />
                </ThemeIcon>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>

      {companyId !== null ? <DashboardCharts companyId={companyId} /> : null}

      <Paper withBorder radius="md" p="md">
        <Title order={3} fz={18} mb="sm">
          {t('recentOrders')}
        </Title>
        {companyId !== null && recent.isLoading ? (
          <LoadingState />
        ) : recent.isError ? (
          // A failed call is told as such: "No orders yet" would claim something the console does not know.
          <ErrorState message={t('fetchFailed')} onRetry={() => void recent.refetch()} />
        ) : orders.length === 0 ? (
          <EmptyState icon={<IconShoppingCart size={26} />} title={t('noOrders')} text={t('noOrdersText')} />
        ) : (
          // A phone lists the orders as cards: the table's eight columns do not fit 390 px.
          <TableOrCards
            rows={orders}
            rowKey={(o) => o.id}
            cardsTestId="recent-order-cards"
            minWidth={760}
            columns={[
              { key: 'id', header: t('col.id'), render: (o) => <Text fw={600}>#{o.id}</Text> },
              { key: 'customer', header: t('col.customer'), render: (o) => o.customer_detail?.name ?? '—' },
              { key: 'phone', header: t('col.phone'), render: phone },
              { key: 'status', header: t('col.status'), render: (o) => <StatusBadge status={o.status} /> },
              { key: 'courier', header: t('col.courier'), render: (o) => <StatusBadge status={o.courier_status} /> },
              {
                key: 'total',
                header: t('col.total'),
                align: 'right',
                nowrap: true,
                render: (o) => formatAmount(o.total_value, 'RON', i18n.language),
              },
              {
                key: 'date',
                header: t('col.date'),
                nowrap: true,
                render: (o) => formatDateTime(o.created_at, i18n.language),
              },
              { key: 'actions', header: t('common:list.actions'), align: 'right', render: viewButton },
            ]}
            card={(o) => (
              <>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600}>#{o.id}</Text>
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(o.total_value, 'RON', i18n.language)}
                  </Text>
                </Group>
                <Text size="sm">{o.customer_detail?.name ?? '—'}</Text>
                <Text size="xs" c="dimmed">
                  {phone(o)} · {formatDateTime(o.created_at, i18n.language)}
                </Text>
                <Group justify="space-between" wrap="wrap" gap="xs" mt={6}>
                  <Group gap={6} wrap="wrap">
                    <StatusBadge status={o.status} />
                    <StatusBadge status={o.courier_status} />
                  </Group>
                  {viewButton(o)}
                </Group>
              </>
            )}
          />
        )}
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={3} fz={18} mb="md">
          {t('changelog')}
        </Title>
        {changelog.isLoading ? (
          <LoadingState />
        ) : changelog.isError ? (
          <ErrorState
            message={errorMessage(changelog.error, t('fetchFailed'))}
            onRetry={() => void changelog.refetch()}
          />
        ) : (changelog.data?.data ?? []).length === 0 ? (
          <Text c="dimmed">{t('noChangelog')}</Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2}>
            {(changelog.data?.data ?? []).map((entry) => (
              <Timeline.Item
                key={entry.id}
                color={CHANGELOG_COLORS[entry.type] ?? 'gray'}
                title={
                  <Group gap="xs">
                    <Text fw={600}>{entry.title}</Text>
                    {entry.type !== 'none' ? (
                      <Badge size="xs" variant="light" color={CHANGELOG_COLORS[entry.type] ?? 'gray'}>
                        {t(`type.${entry.type}`, { defaultValue: entry.type })}
                      </Badge>
                    ) : null}
                  </Group>
                }
              >
                <Text size="sm">{entry.description}</Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {formatDate(entry.created_at, i18n.language)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
    </Stack>
  );
}
