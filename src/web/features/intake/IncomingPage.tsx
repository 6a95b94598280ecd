import { Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileImport, IconRefresh, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { INTAKE_STATUSES, type IntakeItem, type IntakeStatus } from '../../../core/api/intake';
import { WHOLE_BADGE } from '../../components/StatusBadge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListPage, PHONE_QUERY, type Column } from '../../components/ListPage';
import { useMediaQuery } from '@mantine/hooks';
import { PageHeader } from '../../components/states';
import { useUrlParams } from '../../components/useUrlParams';
import { errorMessage, type QueryParams } from '../../lib/api';
import { formatDateTime, orDash } from '../../lib/format';
import { useCompanyId } from '../../lib/session';
import { useIntakeActions, useIntakeList, useSourceOptions } from './api';
import { ImportDialog } from './ImportDialog';
import { ProblemList } from './ProblemList';
import { paths } from '../../lib/paths';

/** The colour of each status: what waits for the seller stands out. */
export const STATUS_COLORS: Record<IntakeStatus, string> = {
  received: 'orange',
  held: 'yellow',
  created: 'green',
  updated: 'teal',
  duplicate: 'gray',
  superseded: 'gray',
  dismissed: 'gray',
};

/** Only an item that waits can be retried or dismissed (the server's rule, intake_not_held). */
const waits = (item: IntakeItem) => item.status === 'held' || item.status === 'received';

/**
 * /incoming: the orders that arrived by themselves (pushed by a shop, imported from a file), held
 * ones first; each with its problems in the reader's language, its order when it made one, and
 * Retry / Dismiss while it waits. The filters (status, source) live in the URL, so an alert's link
 * (`?status=held`) opens the waiting ones.
 */
export function IncomingPage() {
  const { t, i18n } = useTranslation('intake');
  const companyId = useCompanyId();
  const [params] = useSearchParams();
  const writeUrl = useUrlParams();
  const status = params.get('status');
  const source = params.get('source');
  const filter: QueryParams = { status: status ?? undefined, source: source ?? undefined };
  const list = useIntakeList(filter);
  const sources = useSourceOptions();
  const { retry, dismiss } = useIntakeActions();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [importing, setImporting] = useState(false);
  const [toDismiss, setToDismiss] = useState<IntakeItem | null>(null);
  const [dismissError, setDismissError] = useState<string | null>(null);

  const setFilter = (key: 'status' | 'source', value: string | null) =>
    writeUrl((p) => {
      if (value) p.set(key, value);
      else p.delete(key);
      p.delete('page');
    });
  const nameOf = (item: IntakeItem) => (item.external_id ? `#${item.external_id}` : t('noNumber'));

  const onRetry = async (item: IntakeItem) => {
    try {
      const after = await retry.mutateAsync(item.id);
      if ((after.status === 'created' || after.status === 'updated') && after.order_id !== null)
        notifications.show({
          color: 'green',
          message: t(`retried.${after.status}`, { id: after.order_id, name: nameOf(item) }),
        });
      else
        notifications.show({
          color: 'yellow',
          message: t('retried.held', { name: nameOf(item), problems: after.problems.map((p) => p.message).join(' ') }),
        });
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(e, t('errors.retry')) });
    }
  };
  const onDismiss = async () => {
    if (!toDismiss) return;
    setDismissError(null);
    try {
      await dismiss.mutateAsync(toDismiss.id);
      notifications.show({ color: 'green', message: t('dismissed', { name: nameOf(toDismiss) }) });
      setToDismiss(null);
    } catch (e) {
      setDismissError(errorMessage(e, t('errors.dismiss')));
    }
  };

  const actions = (item: IntakeItem) =>
    waits(item) ? (
      <Group gap={4} wrap="nowrap">
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          aria-label={t('retryLabel', { name: nameOf(item) })}
          loading={retry.isPending && retry.variables === item.id}
          onClick={() => void onRetry(item)}
        >
          {t('retry')}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconX size={14} />}
          aria-label={t('dismissLabel', { name: nameOf(item) })}
          onClick={() => {
            setDismissError(null);
            setToDismiss(item);
          }}
        >
          {t('dismiss')}
        </Button>
      </Group>
    ) : null;
  const columns: Column<IntakeItem>[] = [
    {
      key: 'received',
      header: t('col.received'),
      nowrap: true,
      render: (item) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(item.received_at, i18n.language)}</Text>
          <Text size="xs" c="dimmed">
            {t(`via.${item.via}`)}
          </Text>
        </Stack>
      ),
    },
    { key: 'source', header: t('col.source'), render: (item) => item.source },
    {
      key: 'external_id',
      header: t('col.externalId'),
      nowrap: true,
      render: (item) => (
        <Text size="sm" fw={600}>
          {item.external_id ?? '—'}
        </Text>
      ),
    },
    {
      key: 'customer',
      header: t('col.customer'),
      render: (item) => (
        <Stack gap={0}>
          <Text size="sm">{orDash(item.summary.customer_name)}</Text>
          <Text size="xs" c="dimmed">
            {[item.summary.city, t('lines', { count: item.summary.lines.length })].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('col.status'),
      render: (item) => (
        <Badge color={STATUS_COLORS[item.status]} variant="light" miw={WHOLE_BADGE}>
          {t(`status.${item.status}`)}
        </Badge>
      ),
    },
    {
      key: 'problems',
      header: t('col.problems'),
      render: (item) => <ProblemList problems={item.problems} />,
    },
    {
      key: 'order',
      header: t('col.order'),
      nowrap: true,
      render: (item) =>
        item.order_id !== null ? (
          <Anchor component={Link} to={paths.order(item.order_id)} size="sm">
            {t('orderLink', { id: item.order_id })}
          </Anchor>
        ) : (
          '—'
        ),
    },
  ];
  // A phone cannot show seven columns: one card-like cell per item, its actions in it.
  const phoneColumns: Column<IntakeItem>[] = [
    {
      key: 'item',
      header: t('col.externalId'),
      render: (item) => (
        <Stack gap={6} maw={300}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600}>
              {item.external_id ?? '—'}
            </Text>
            <Badge color={STATUS_COLORS[item.status]} variant="light" miw={WHOLE_BADGE}>
              {t(`status.${item.status}`)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {[
              item.source,
              formatDateTime(item.received_at, i18n.language),
              item.summary.customer_name,
              item.summary.city,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <ProblemList problems={item.problems} />
          {item.order_id !== null ? (
            <Anchor component={Link} to={paths.order(item.order_id)} size="sm">
              {t('orderLink', { id: item.order_id })}
            </Anchor>
          ) : null}
          {actions(item)}
        </Stack>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title')}>
        <Button
          leftSection={<IconFileImport size={16} />}
          onClick={() => setImporting(true)}
          disabled={companyId === null}
        >
          {t('importButton')}
        </Button>
      </PageHeader>
      <Text size="sm" c="dimmed" mb="md" maw={900}>
        {t('intro')}
      </Text>
      <ListPage<IntakeItem>
        texts="intake"
        title=""
        list={list}
        toolbar={
          <>
            <Select
              w={170}
              clearable
              aria-label={t('filter.status')}
              placeholder={t('filter.allStatuses')}
              data={INTAKE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              value={status}
              onChange={(v) => setFilter('status', v)}
            />
            <Select
              w={190}
              clearable
              searchable
              aria-label={t('filter.source')}
              placeholder={t('filter.allSources')}
              data={sources.data ?? []}
              value={source}
              onChange={(v) => setFilter('source', v)}
              error={sources.isError ? t('errors.sources') : undefined}
            />
          </>
        }
        columns={phone ? phoneColumns : columns}
        rowActions={phone ? undefined : actions}
      />
      <ConfirmDialog
        opened={toDismiss !== null}
        onCancel={() => setToDismiss(null)}
        onConfirm={() => void onDismiss()}
        loading={dismiss.isPending}
        error={dismissError}
        title={toDismiss ? t('dismissTitle', { name: nameOf(toDismiss) }) : ''}
        message={t('dismissMessage')}
        confirmLabel={t('dismiss')}
      />
      <ImportDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
