import { Anchor, Badge, Button, CloseButton, Group, Menu, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPickingList, type BulkItem, type BulkJob } from '../../../../core/api/orderBulk';
import { errorMessage } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { printPdf } from '../../../lib/printPdf';
import { bulkFiles, useBulkJob, useOrdersFollowJob, useRecentBulkJobs, useRetryBulk } from './api';
import { paths } from '../../../lib/paths';

const OUTCOME_COLOR: Record<string, string> = { done: 'green', skipped: 'gray', failed: 'red', waiting: 'blue' };

/**
 * The recent bulk jobs of the company, to bring one back to the orders page.
 */
export function RecentBulkJobs({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('orderBulk');
  const [opened, setOpened] = useState(false);
  const recent = useRecentBulkJobs(opened);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end">
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={<IconHistory size={14} />}>
          {t('job.recent')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(recent.data ?? []).length === 0 ? <Menu.Item disabled>{t('job.none')}</Menu.Item> : null}
        {(recent.data ?? []).map((j) => (
          <Menu.Item key={j.id} onClick={() => onOpen(j.id)}>
            {t('job.recentItem', {
              id: j.id,
              action: t(`action.${j.action}`),
              done: j.done + j.skipped + j.failed,
              total: j.total,
            })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * A bulk job on the orders page: its progress bar (asked about every second while it runs), the
 * counts, the report per order with the reason of each skipped or failed order, a retry of the
 * failed ones, and its files (merged labels to print or save, an invoice job's invoices merged or
 * zipped, the picking list but for a status change). As it runs and when it ends, the orders on
 * screen are fetched again (useOrdersFollowJob).
 */
export function BulkJobPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('orderBulk');
  const job = useBulkJob(id);
  const retry = useRetryBulk();
  const [showReport, setShowReport] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);
  // The list, its tab counts and an open order follow the job as it runs and when it ends.
  useOrdersFollowJob(job);
  const data = job.data;
  const finished = data && (data.status === 'done' || data.status === 'failed');
  if (!data)
    return job.isError ? (
      <Paper withBorder p="sm">
        {t('errors.load')}
      </Paper>
    ) : null;

  const handled = data.done + data.skipped + data.failed;
  const percent = data.total ? Math.round((handled / data.total) * 100) : 100;
  const hasLabels = (data.action === 'awb' || data.action === 'labels') && data.done > 0;

  const run = async (what: string, work: () => Promise<void>, failure: string) => {
    setBusy(what);
    try {
      await work();
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(e, failure) });
    } finally {
      setBusy(null);
    }
  };
  const printLabels = () =>
    run(
      'print',
      () =>
        printPdf(() => bulkFiles.labels(id).then((f) => f.blob), {
          message: (_s, cause) => errorMessage(cause, t('errors.print')),
        }),
      t('errors.print'),
    );
  const saveLabels = () =>
    run(
      'labels',
      async () => {
        const f = await bulkFiles.labels(id);
        saveFile(f.blob, f.filename ?? `labels-${id}.pdf`);
      },
      t('errors.labels'),
    );
  const invoices = (format: 'pdf' | 'zip') =>
    run(
      `invoices-${format}`,
      async () => {
        const f = await bulkFiles.invoices(id, format);
        saveFile(f.blob, f.filename ?? `invoices-${id}.${format}`);
      },
      t('errors.invoices'),
    );
  const picking = (format: 'pdf' | 'csv') =>
    run(
      format,
      async () => {
        const f = await bulkFiles.picking(id, format);
        saveFile(f.blob, f.filename ?? `picking-list-${id}.${format}`);
      },
      t('errors.picking'),
    );

  return (
    <Paper withBorder p="md" data-testid="bulk-job">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600}>{t('job.title', { action: t(`action.${data.action}`), id: data.id })}</Text>
            <Badge color={data.status === 'failed' ? 'red' : data.status === 'done' ? 'green' : 'blue'} variant="light">
              {t(`job.${data.status}`)}
            </Badge>
          </Group>
          <CloseButton aria-label={t('job.close')} onClick={onClose} />
        </Group>
        <Progress
          value={percent}
          animated={!finished}
          size="lg"
          aria-label={t('job.progress', { handled, total: data.total })}
          data-testid="bulk-progress"
        />
        <Group justify="space-between">
          <Text size="sm">{t('job.progress', { handled, total: data.total })}</Text>
          <Text size="sm" data-testid="bulk-counts">
            {t('job.counts', { done: data.done, skipped: data.skipped, failed: data.failed })}
          </Text>
        </Group>
        <Group gap="xs">
          {hasLabels && finished ? (
            <>
              <Button size="xs" onClick={() => void printLabels()} loading={busy === 'print'}>
                {t('job.printLabels')}
              </Button>
              <Button size="xs" variant="default" onClick={() => void saveLabels()} loading={busy === 'labels'}>
                {t('job.downloadLabels')}
              </Button>
            </>
          ) : null}
          {finished && data.done > 0 && data.action === 'invoice' ? (
            <>
              <Button
                size="xs"
                variant="default"
                onClick={() => void invoices('pdf')}
                loading={busy === 'invoices-pdf'}
              >
                {t('job.invoicesPdf')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => void invoices('zip')}
                loading={busy === 'invoices-zip'}
              >
                {t('job.invoicesZip')}
              </Button>
            </>
          ) : null}
          {finished && data.done > 0 && hasPickingList(data.action) ? (
            <>
              <Button size="xs" variant="default" onClick={() => void picking('pdf')} loading={busy === 'pdf'}>
                {t('job.pickingPdf')}
              </Button>
              <Button size="xs" variant="default" onClick={() => void picking('csv')} loading={busy === 'csv'}>
                {t('job.pickingCsv')}
              </Button>
            </>
          ) : null}
          {finished && data.failed > 0 ? (
            <Button
              size="xs"
              color="orange"
              loading={retry.isPending}
              onClick={() =>
                void retry
                  .mutateAsync(id)
                  .then(() => notifications.show({ color: 'blue', message: t('job.retried') }))
                  .catch((e: unknown) =>
                    notifications.show({ color: 'red', message: errorMessage(e, t('errors.retry')) }),
                  )
              }
            >
              {t('job.retry')}
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" onClick={() => setShowReport((v) => !v)}>
            {showReport ? t('job.hideReport') : t('job.report')}
          </Button>
        </Group>
        {showReport ? <Report items={data.items ?? []} /> : null}
      </Stack>
    </Paper>
  );
}

function Report({ items }: { items: BulkItem[] }) {
  const { t } = useTranslation('orderBulk');
  // Failed first, then skipped: what needs a look comes first; the rest in selection order.
  const rank = (i: BulkItem) => (i.outcome === 'failed' ? 0 : i.outcome === 'skipped' ? 1 : 2);
  const shown = [...items].sort((a, b) => rank(a) - rank(b)).slice(0, 200);
  return (
    <Table.ScrollContainer minWidth={500} mah={320}>
      <Table striped verticalSpacing={4} data-testid="bulk-report">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('job.order')}</Table.Th>
            <Table.Th>{t('job.outcome')}</Table.Th>
            <Table.Th>{t('job.document')}</Table.Th>
            <Table.Th>{t('job.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((i) => {
            const outcome = i.outcome ?? 'waiting';
            return (
              <Table.Tr key={i.order_id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.order(i.order_id)} size="sm">
                    #{i.order_id}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={OUTCOME_COLOR[outcome]}>
                    {t(`job.outcomes.${outcome}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{i.awb ?? i.bill_number ?? ''}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{i.reason ?? ''}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export type { BulkJob };
