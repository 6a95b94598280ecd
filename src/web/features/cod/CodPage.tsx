import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DateField } from '../../components/DateField';
import { WhyDisabled } from '../../components/FormModal';
import { NumberField } from '../../components/NumberField';
import { IconFileSpreadsheet, IconRefresh } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CodImportResult, CodMatch } from '../../../core/api/cod';
import { CompanyRequired, ErrorState, LoadingState, PageHeader } from '../../components/states';
import { TableOrCards } from '../../components/TableOrCards';
import { useCompanyIntegrations } from '../../components/useCompanyIntegrations';
import { errorMessage } from '../../lib/api';
import { formatAmount, formatDate, formatDay } from '../../lib/format';
import { useCompanyId } from '../../lib/session';
import {
  COURIER_NAMES,
  useCodDifferences,
  useCodImport,
  useCodSettings,
  useCodSummary,
  useCodSync,
  useCodUnpaid,
  useSaveCodSettings,
} from './api';
import { paths } from '../../lib/paths';

const MATCH_COLORS: Record<CodMatch, string> = {
  exact: 'green',
  amount_differs: 'orange',
  not_ours: 'red',
  paid_twice: 'red',
  already_recorded: 'gray',
  duplicate_row: 'yellow',
  unreadable: 'red',
};

/** YYYY-MM-DD of a local date. */
const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Previous / next page buttons, shown when there is more than one page. */
function Pager({ page, last, onChange }: { page: number; last: number; onChange: (page: number) => void }) {
  if (last <= 1) return null;
  return (
    <Group justify="flex-end" mt="xs">
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        ‹
      </Button>
      <Text size="sm">
        {page} / {last}
      </Text>
      <Button size="xs" variant="default" disabled={page >= last} onClick={() => onChange(page + 1)}>
        ›
      </Button>
    </Group>
  );
}

/** Rows of a list shown at once: a long list of differences would push the file import off the page. */
const PAGE_ROWS = 10;

function Section({ title, children, action }: { title: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} fz={18}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** /cod: what the couriers collected for the company, what they paid, what they still owe. */
export function CodPage() {
  const { t, i18n } = useTranslation('cod');
  const companyId = useCompanyId();
  const today = new Date();
  const [range, setRange] = useState({ from: isoDay(new Date(today.getTime() - 29 * 86_400_000)), to: isoDay(today) });
  const [unpaidPage, setUnpaidPage] = useState(1);
  const [differencesPage, setDifferencesPage] = useState(1);
  const summary = useCodSummary(companyId, range);
  const unpaid = useCodUnpaid(companyId, unpaidPage);
  const differences = useCodDifferences(companyId);
  const settings = useCodSettings(companyId);
  const saveSettings = useSaveCodSettings(companyId);
  const sync = useCodSync(companyId);
  // The couriers answering "Ask the couriers now" are the built-in emulators: the page says so.
  const couriersEmulated = (useCompanyIntegrations().data ?? []).some((i) => i.type === 'courier' && i.emulated);
  const [days, setDays] = useState<number | string>('');
  const money = (v: number) => formatAmount(v, 'RON', i18n.language);
  const courier = (c: string) => COURIER_NAMES[c] ?? c;
  const orderLink = (id: number) => (
    <Anchor component={Link} to={paths.order(id)}>
      #{id}
    </Anchor>
  );

  if (companyId === null) return <CompanyRequired />;
  const s = summary.data?.data;
  const unpaidDays = settings.data?.data.unpaid_days ?? 10;
  const allDifferences = differences.data?.data ?? [];
  const differencesLast = Math.max(1, Math.ceil(allDifferences.length / PAGE_ROWS));
  const differencesShown = allDifferences.slice(
    (Math.min(differencesPage, differencesLast) - 1) * PAGE_ROWS,
    Math.min(differencesPage, differencesLast) * PAGE_ROWS,
  );

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')}>
        <Button
          leftSection={<IconRefresh size={16} />}
          variant="light"
          loading={sync.isPending}
          onClick={() => sync.mutate()}
        >
          {t('sync')}
        </Button>
      </PageHeader>
      {sync.data ? (
        <Alert color="blue" withCloseButton onClose={() => sync.reset()}>
          {t('synced', { count: sync.data.data.couriers.reduce((a, c) => a + c.saved, 0) })}
          {sync.data.data.file_only.length ? (
            <Text size="sm">{t('fileOnly', { couriers: sync.data.data.file_only.map(courier).join(', ') })}</Text>
          ) : null}
        </Alert>
      ) : null}
      {sync.isError ? <Alert color="red">{errorMessage(sync.error, t('syncFailed'))}</Alert> : null}
      {couriersEmulated ? (
        <Text size="sm" c="dimmed" data-testid="cod-emulated">
          {t('emulated')}
        </Text>
      ) : null}

      <Section
        title={t('summary')}
        action={
          <Group gap="xs" wrap="wrap">
            <DateField
              label={t('from')}
              value={range.from}
              onChange={(day) => day && setRange((r) => ({ ...r, from: day }))}
              size="xs"
              w={150}
            />
            <DateField
              label={t('to')}
              value={range.to}
              onChange={(day) => day && setRange((r) => ({ ...r, to: day }))}
              size="xs"
              w={150}
            />
          </Group>
        }
      >
        {summary.isLoading ? (
          <LoadingState />
        ) : summary.isError ? (
          <ErrorState message={errorMessage(summary.error, t('fetchFailed'))} onRetry={() => void summary.refetch()} />
        ) : !s || s.couriers.length === 0 ? (
          <Text c="dimmed">{t('noParcels')}</Text>
        ) : (
          <TableOrCards
            rows={[...s.couriers, { courier: '', ...s.total }]}
            rowKey={(r) => r.courier || 'total'}
            testId="cod-summary"
            minWidth={640}
            strong={(r) => !r.courier}
            columns={[
              {
                key: 'courier',
                header: t('col.courier'),
                render: (r) => (r.courier ? courier(r.courier) : t('total')),
              },
              {
                key: 'parcels',
                header: t('col.parcels'),
                align: 'right',
                render: (r) => r.parcels.toLocaleString(i18n.language),
              },
              {
                key: 'collected',
                header: t('col.collected'),
                align: 'right',
                nowrap: true,
                render: (r) => money(r.collected),
              },
              { key: 'paid', header: t('col.paidOut'), align: 'right', nowrap: true, render: (r) => money(r.paid_out) },
              { key: 'fees', header: t('col.fees'), align: 'right', nowrap: true, render: (r) => money(r.fees) },
              { key: 'owed', header: t('col.owed'), align: 'right', nowrap: true, render: (r) => money(r.owed) },
              { key: 'differences', header: t('col.differences'), align: 'right', render: (r) => r.differences },
            ]}
          />
        )}
      </Section>

      <Section
        title={t('unpaid', { count: unpaidDays })}
        action={
          <Group gap="xs" align="flex-end">
            <NumberField
              size="xs"
              w={220}
              min={1}
              max={365}
              scale={0}
              label={t('unpaidDays')}
              value={days === '' ? unpaidDays : days}
              onChange={setDays}
            />
            <Button
              size="xs"
              loading={saveSettings.isPending}
              // A number of days out of 1–365 or no number (NaN) keeps its message in the field.
              disabled={Number.isNaN(days)}
              onClick={() => saveSettings.mutate(Number(days === '' ? unpaidDays : days))}
            >
              {t('save')}
            </Button>
          </Group>
        }
      >
        {saveSettings.isError ? <Alert color="red">{errorMessage(saveSettings.error, t('fetchFailed'))}</Alert> : null}
        {unpaid.isLoading ? (
          <LoadingState />
        ) : unpaid.isError ? (
          <ErrorState message={errorMessage(unpaid.error, t('fetchFailed'))} onRetry={() => void unpaid.refetch()} />
        ) : (unpaid.data?.data ?? []).length === 0 ? (
          <Text c="dimmed">{t('noUnpaid')}</Text>
        ) : (
          <>
            <TableOrCards
              rows={unpaid.data!.data}
              rowKey={(r) => `${r.courier}-${r.awb}`}
              testId="cod-unpaid"
              minWidth={560}
              columns={[
                { key: 'order', header: t('col.order'), render: (r) => orderLink(r.order_id) },
                { key: 'courier', header: t('col.courier'), render: (r) => courier(r.courier) },
                { key: 'awb', header: t('col.awb'), render: (r) => r.awb },
                { key: 'cod', header: t('col.cod'), align: 'right', nowrap: true, render: (r) => money(r.cod) },
                {
                  key: 'awbDate',
                  header: t('col.awbDate'),
                  render: (r) => formatDate(r.awb_created_at, i18n.language),
                },
                { key: 'days', header: t('col.days'), align: 'right', render: (r) => r.days },
              ]}
            />
            <Pager page={unpaidPage} last={unpaid.data!.meta.last_page} onChange={setUnpaidPage} />
          </>
        )}
      </Section>

      <Section title={t('differences')}>
        {differences.isLoading ? (
          <LoadingState />
        ) : allDifferences.length === 0 ? (
          <Text c="dimmed">{t('noDifferences')}</Text>
        ) : (
          <>
            <TableOrCards
              rows={differencesShown}
              rowKey={(r) => `${r.courier}-${r.awb}`}
              testId="cod-differences"
              minWidth={640}
              columns={[
                { key: 'order', header: t('col.order'), render: (r) => orderLink(r.order_id) },
                { key: 'courier', header: t('col.courier'), render: (r) => courier(r.courier) },
                { key: 'awb', header: t('col.awb'), render: (r) => r.awb },
                {
                  key: 'expected',
                  header: t('col.expected'),
                  align: 'right',
                  nowrap: true,
                  render: (r) => money(r.expected),
                },
                { key: 'paid', header: t('col.paid'), align: 'right', nowrap: true, render: (r) => money(r.paid) },
                { key: 'fee', header: t('col.fee'), align: 'right', nowrap: true, render: (r) => money(r.fee) },
                { key: 'date', header: t('col.date'), render: (r) => formatDay(r.paid_on, i18n.language) },
                { key: 'reference', header: t('col.reference'), render: (r) => r.reference },
              ]}
            />
            <Pager
              page={Math.min(differencesPage, differencesLast)}
              last={differencesLast}
              onChange={setDifferencesPage}
            />
          </>
        )}
      </Section>

      <ImportSection />
    </Stack>
  );
}

/**
 * A courier's settlement file: previewed row by row, then the matched rows saved. A file with rows
 * that cannot be read is saved only once the user has seen them listed and chosen to save the
 * other rows without them (the server saves nothing of it before).
 */
function ImportSection() {
  const { t, i18n } = useTranslation('cod');
  const companyId = useCompanyId();
  const [courier, setCourier] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [accept, setAccept] = useState(false);
  const [result, setResult] = useState<CodImportResult | null>(null);
  const run = useCodImport(companyId);
  const errors = (run.error as { errors?: Record<string, string[]> } | null)?.errors ?? {};
  const send = (preview: boolean, acceptUnreadable = false) => {
    if (!courier || !file) return;
    run.mutate(
      { courier, file, acceptDifferences: accept, acceptUnreadable, preview },
      { onSuccess: (d) => setResult(d.data), onError: () => setResult(null) },
    );
  };
  const money = (v: number | null) => (v === null ? '—' : formatAmount(v, 'RON', i18n.language));
  const unreadable = result?.rows.filter((r) => r.match === 'unreadable') ?? [];

  return (
    <Section title={t('import')}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('importHint')}
      </Text>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label={t('courier')}
          data={Object.entries(COURIER_NAMES).map(([value, label]) => ({ value, label }))}
          value={courier}
          onChange={(v) => {
            setCourier(v);
            setResult(null);
          }}
          error={errors.courier?.[0]}
          w={160}
        />
        <FileInput
          label={t('file')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(f) => {
            setFile(f);
            setResult(null);
          }}
          leftSection={<IconFileSpreadsheet size={16} />}
          error={errors.file?.[0]}
          w={260}
          data-testid="cod-file"
        />
        <Button variant="light" disabled={!courier || !file} loading={run.isPending} onClick={() => send(true)}>
          {t('preview')}
        </Button>
      </Group>
      {result ? (
        <Stack mt="md" gap="sm">
          <Group gap="xs" wrap="wrap">
            {(Object.entries(result.counts) as [CodMatch, number][])
              .filter(([, n]) => n > 0)
              .map(([m, n]) => (
                <Badge key={m} color={MATCH_COLORS[m]} variant="light">
                  {t(`match.${m}`)}: {n}
                </Badge>
              ))}
          </Group>
          {!result.preview ? <Alert color="green">{t('imported', { count: result.saved })}</Alert> : null}
          {result.preview && unreadable.length > 0 ? (
            <Alert color="orange" title={t('unreadableTitle', { count: unreadable.length })}>
              <Text size="sm" mb="xs">
                {t('unreadableHint')}
              </Text>
              <TableOrCards
                rows={unreadable}
                rowKey={(r) => r.line}
                testId="cod-unreadable"
                minWidth={480}
                columns={[
                  { key: 'line', header: t('col.line'), render: (r) => r.line },
                  { key: 'problem', header: t('col.problem'), render: (r) => r.problem_message ?? '—' },
                  { key: 'cell', header: t('col.cell'), render: (r) => r.problem_text ?? '—' },
                ]}
              />
            </Alert>
          ) : null}
          <TableOrCards
            rows={result.rows}
            rowKey={(r) => r.line}
            testId="cod-preview"
            minWidth={720}
            columns={[
              { key: 'line', header: t('col.line'), render: (r) => r.line },
              { key: 'awb', header: t('col.awb'), render: (r) => r.awb ?? '—' },
              { key: 'amount', header: t('col.amount'), align: 'right', nowrap: true, render: (r) => money(r.amount) },
              {
                key: 'expected',
                header: t('col.expected'),
                align: 'right',
                nowrap: true,
                render: (r) => money(r.expected),
              },
              // A day the file held is shown as every day of the console is; an unreadable one as written.
              { key: 'date', header: t('col.date'), render: (r) => formatDay(r.date, i18n.language) || r.date || '—' },
              { key: 'reference', header: t('col.reference'), render: (r) => r.reference ?? '—' },
              {
                key: 'match',
                header: t('col.match'),
                render: (r) => (
                  <>
                    <Badge color={MATCH_COLORS[r.match]} variant="light">
                      {t(`match.${r.match}`)}
                    </Badge>
                    {r.problem_message ? (
                      <Text size="xs" c="dimmed">
                        {r.problem_message}
                      </Text>
                    ) : null}
                    {r.saved ? (
                      <Text size="xs" c="green">
                        {t('saved')}
                      </Text>
                    ) : null}
                  </>
                ),
              },
              {
                key: 'order',
                header: t('col.order'),
                render: (r) =>
                  r.order_id ? (
                    <Anchor component={Link} to={paths.order(r.order_id)}>
                      #{r.order_id}
                    </Anchor>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
          {result.preview ? (
            <Group>
              {result.counts.amount_differs > 0 ? (
                <Checkbox
                  label={t('acceptDifferences')}
                  checked={accept}
                  onChange={(e) => setAccept(e.currentTarget.checked)}
                />
              ) : null}
              <Button
                loading={run.isPending}
                disabled={result.counts.exact + (accept ? result.counts.amount_differs : 0) === 0}
                onClick={() => send(false, unreadable.length > 0)}
              >
                {unreadable.length > 0 ? t('importWithoutUnreadable') : t('importNow')}
              </Button>
              <WhyDisabled
                reason={
                  result.counts.exact + (accept ? result.counts.amount_differs : 0) > 0
                    ? null
                    : result.counts.amount_differs > 0
                      ? t('acceptToSave')
                      : t('nothingToSave')
                }
              />
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Section>
  );
}
