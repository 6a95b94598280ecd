import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import { IconBox, IconBuilding, IconEye, IconShoppingCart, IconTargetArrow, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../components/StatusBadge';
import { CompanyRequired, EmptyState, ErrorState, LoadingState, PageHeader } from '../../components/states';
import { errorMessage } from '../../lib/api';
import { formatAmount, formatDate, formatDateTime } from '../../lib/format';
import { useCompanyId } from '../../lib/session';
import { COUNTED, useChangelog, useCounts, useRecentOrders, type Counted } from './api';
import { DashboardCharts } from './DashboardCharts';

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
          <>
            {/* A phone lists the orders as cards: the table's eight columns do not fit 390 px. */}
            <Stack gap="xs" hiddenFrom="sm" data-testid="recent-order-cards">
              {orders.map((o) => (
                <Card key={o.id} withBorder radius="md" padding="sm">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600}>#{o.id}</Text>
                    <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatAmount(o.total_value, 'RON', i18n.language)}
                    </Text>
                  </Group>
                  <Text size="sm">{o.customer_detail?.name ?? '—'}</Text>
                  <Text size="xs" c="dimmed">
                    {o.customer_detail?.phone_number ?? o.customer_detail?.telefon ?? '—'} ·{' '}
                    {formatDateTime(o.created_at, i18n.language)}
                  </Text>
                  <Group justify="space-between" wrap="wrap" gap="xs" mt={6}>
                    <Group gap={6} wrap="wrap">
                      <StatusBadge status={o.status} />
                      <StatusBadge status={o.courier_status} />
                    </Group>
                    <Button
                      component={Link}
                      to={`/orders/${o.id}`}
                      size="xs"
                      variant="light"
                      leftSection={<IconEye size={14} />}
                    >
                      {t('view')}
                    </Button>
                  </Group>
                </Card>
              ))}
            </Stack>
            <Table.ScrollContainer minWidth={760} visibleFrom="sm">
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('col.id')}</Table.Th>
                    <Table.Th>{t('col.customer')}</Table.Th>
                    <Table.Th>{t('col.phone')}</Table.Th>
                    <Table.Th>{t('col.status')}</Table.Th>
                    <Table.Th>{t('col.courier')}</Table.Th>
                    <Table.Th ta="right">{t('col.total')}</Table.Th>
                    <Table.Th>{t('col.date')}</Table.Th>
                    <Table.Th ta="right">{t('common:list.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {orders.map((o) => (
                    <Table.Tr key={o.id}>
                      <Table.Td fw={600}>#{o.id}</Table.Td>
                      <Table.Td>{o.customer_detail?.name ?? '—'}</Table.Td>
                      <Table.Td>{o.customer_detail?.phone_number ?? o.customer_detail?.telefon ?? '—'}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={o.status} />
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge status={o.courier_status} />
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatAmount(o.total_value, 'RON', i18n.language)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(o.created_at, i18n.language)}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Button
                          component={Link}
                          to={`/orders/${o.id}`}
                          size="xs"
                          variant="light"
                          leftSection={<IconEye size={14} />}
                        >
                          {t('view')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
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
