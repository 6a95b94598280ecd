import { Alert, Anchor, Badge, Button, FileInput, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportOutcome, ImportResult } from '../../../core/api/intake';
import { WHOLE_BADGE } from '../../components/StatusBadge';
import { errorMessage } from '../../lib/api';
import { downloadTemplate, useIntakeImport, useSourceOptions } from './api';
import { ProblemList, rowsText } from './ProblemList';
import { paths } from '../../lib/paths';

const OUTCOME_COLORS: Record<ImportOutcome, string> = {
  would_be_created: 'green',
  created: 'green',
  would_be_updated: 'teal',
  updated: 'teal',
  would_be_held: 'yellow',
  held: 'yellow',
  already_imported: 'gray',
};

/** The outcomes a result counts, in the order a reader wants them. */
const SHOWN: ImportOutcome[] = [
  'would_be_created',
  'created',
  'would_be_updated',
  'updated',
  'would_be_held',
  'held',
  'already_imported',
];

/** The orders an import would act on (create, update, hold): the Import button's count. */
export function ordersToImport(preview: ImportResult): number {
  return preview.counts.would_be_created + preview.counts.would_be_updated + preview.counts.would_be_held;
}

/**
 * Import from a file: choose the source and a CSV or XLSX file, see the preview (a dry run: per
 * order, would be created / already imported / would be held with its problems and rows), then
 * Import, which answers the same per order. Changing the source or the file drops the preview.
 */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('intake');
  const sources = useSourceOptions();
  const run = useIntakeImport();
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setResult(null);
    setError(null);
  }, [opened]);
  // One source: chosen for the seller.
  const options = useMemo(() => sources.data ?? [], [sources.data]);
  useEffect(() => {
    if (opened && sourceId === null && options.length === 1) setSourceId(options[0].value);
  }, [opened, sourceId, options]);

  const reset = () => {
    setResult(null);
    setError(null);
  };
  const send = async (dryRun: boolean) => {
    if (!sourceId || !file) return;
    setError(null);
    try {
      const answer = await run.mutateAsync({ sourceId, file, dryRun });
      setResult(answer);
      if (!answer.dry_run)
        notifications.show({
          color: answer.counts.held > 0 ? 'yellow' : 'green',
          message: t('import.done', {
            created: answer.counts.created + answer.counts.updated,
            held: answer.counts.held,
          }),
        });
    } catch (e) {
      setError(errorMessage(e, dryRun ? t('import.errors.preview') : t('import.errors.run')));
    }
  };
  const template = (format: 'csv' | 'xlsx') =>
    downloadTemplate(format).catch((e: unknown) =>
      notifications.show({ color: 'red', message: errorMessage(e, t('import.errors.template')) }),
    );

  const preview = result?.dry_run ? result : null;
  const done = result && !result.dry_run ? result : null;
  const toImport = preview ? ordersToImport(preview) : 0;

  return (
    <Modal opened={opened} onClose={onClose} title={t('import.title')} size="xl">
      <Stack gap="md">
        <Text size="sm">{t('import.help')}</Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('import.template')}
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={() => void template('csv')}>
            <Group gap={4} wrap="nowrap">
              <IconDownload size={14} />
              {t('import.templateCsv')}
            </Group>
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => void template('xlsx')}>
            <Group gap={4} wrap="nowrap">
              <IconDownload size={14} />
              {t('import.templateXlsx')}
            </Group>
          </Anchor>
        </Group>
        <Group grow align="start" wrap="wrap">
          <Select
            label={t('import.source')}
            placeholder={t('import.sourcePlaceholder')}
            required
            searchable
            miw={220}
            data={options}
            value={sourceId}
            onChange={(v) => {
              setSourceId(v);
              reset();
            }}
            error={sources.isError ? t('errors.sources') : undefined}
            disabled={run.isPending}
          />
          <FileInput
            label={t('import.file')}
            placeholder={t('import.filePlaceholder')}
            required
            clearable
            miw={220}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={(f) => {
              setFile(f);
              reset();
            }}
            disabled={run.isPending}
          />
        </Group>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {result ? <ResultTable result={result} /> : null}
        {preview && toImport === 0 ? <Alert color="gray">{t('import.nothingToImport')}</Alert> : null}
        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            {done ? '' : t('import.previewHint')}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.close')}
            </Button>
            {done ? (
              <Button
                variant="light"
                onClick={() => {
                  setFile(null);
                  reset();
                }}
              >
                {t('import.again')}
              </Button>
            ) : preview ? (
              <Button onClick={() => void send(false)} loading={run.isPending} disabled={toImport === 0}>
                {t('import.run', { count: toImport })}
              </Button>
            ) : (
              <Button onClick={() => void send(true)} loading={run.isPending} disabled={!sourceId || !file}>
                {t('import.preview')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Per order of the file: its number, rows, what was (or would be) done and its problems. */
function ResultTable({ result }: { result: ImportResult }) {
  const { t } = useTranslation('intake');
  return (
    <Stack gap="xs" data-testid={result.dry_run ? 'import-preview' : 'import-result'}>
      <Text fw={600}>
        {t(result.dry_run ? 'import.previewTitle' : 'import.doneTitle', { rows: result.rows, orders: result.orders })}
      </Text>
      <Group gap="xs">
        {SHOWN.filter((o) => result.counts[o] > 0).map((o) => (
          <Badge key={o} color={OUTCOME_COLORS[o]} variant="light" miw={WHOLE_BADGE}>
            {result.counts[o]} {t(`import.count.${o}`)}
          </Badge>
        ))}
      </Group>
      <Table.ScrollContainer minWidth={560} mah={360}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('import.col.order')}</Table.Th>
              <Table.Th>{t('import.col.rows')}</Table.Th>
              <Table.Th>{t('import.col.outcome')}</Table.Th>
              <Table.Th>{t('import.col.problems')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.results.map((r, i) => (
              <Table.Tr key={`${r.external_id ?? ''}-${r.rows[0] ?? i}`}>
                <Table.Td>
                  {r.order_id !== null ? (
                    <Anchor component={Link} to={paths.order(r.order_id)} size="sm" fw={600}>
                      {r.external_id ?? t('noNumber')}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={600}>
                      {r.external_id ?? t('noNumber')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{rowsText(r.rows)}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={OUTCOME_COLORS[r.outcome]} variant="light" miw={WHOLE_BADGE}>
                    {t(`import.outcome.${r.outcome}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <ProblemList problems={r.problems} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
