import type { BarChartProps, LineChartProps } from '@mantine/charts';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardStats } from '../../../core/api/dashboard';
import { DateField } from '../../components/DateField';
import { ErrorState } from '../../components/states';
import { statusColor } from '../../../core/status';
import { formatAmount, formatDate, formatShortDay } from '../../lib/format';
import { useDashboardStats } from './statsApi';
import { paths } from '../../lib/paths';

const COLORS = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'red.6',
  'cyan.6',
  'lime.7',
  'pink.6',
  'indigo.6',
  'yellow.7',
];
/**
 * The drawings' chunk (recharts, about 100 KB), asked for once, when the first chart is about to
 * be seen (nearViewport): the dashboard's first load is its figures, and a phone that never
 * scrolls to the charts never downloads them (scripts/bundle-budget.mjs, e2e/first-load.e2e.ts).
 */
let drawings: Promise<typeof import('./charts')> | null = null;
const loadDrawings = () => (drawings ??= import('./charts'));
const LazyBarChart = lazy(async () => ({ default: (await loadDrawings()).BarChart }));
const LazyLineChart = lazy(async () => ({ default: (await loadDrawings()).LineChart }));

/** How far below the screen a chart starts loading: a flick of the thumb, so it is drawn when it arrives. */
const NEAR_PX = 300;

/**
 * Whether the element has come within NEAR_PX of the viewport (once true, it stays). Without
 * IntersectionObserver (an old browser, jsdom) it is at once.
 */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${NEAR_PX}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/** A chart, with a placeholder of its height until it is near the screen and its drawing code loaded (no jump, no blank). */
function BarChart(props: BarChartProps) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const placeholder = <Skeleton h={props.h} aria-hidden />;
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={placeholder}>
          <LazyBarChart {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

function LineChart(props: LineChartProps) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const placeholder = <Skeleton h={props.h} aria-hidden />;
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={placeholder}>
          <LazyLineChart {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

/**
 * Sources drawn one by one: a shop with thirty sources would get a legend taller than its chart, so
 * the busiest few of the range are drawn and the rest summed as "Other sources" (every source keeps
 * its own column in the screen readers' table).
 */
const SOURCES_DRAWN = 5;

/** 32000 → "32K" (en) or "32 mii" (ro): an axis tick a phone can fit. */
const compact = (v: number, lang: string) =>
  new Intl.NumberFormat(lang === 'ro' ? 'ro-RO' : 'en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

const COURIERS: Record<string, string> = { cargus: 'Cargus', sameday: 'Sameday', dpd: 'DPD', fan: 'FAN Courier' };

/** "2026-05-04" → "04.05" (ro) or "4 May" (en, the day first): short enough for a phone's axis. */
const shortDay = formatShortDay;

function Card({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={3} fz={16} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * Orders and revenue per day (by source, by status), top products, couriers' outcomes and cash on
 * delivery still owed, drawn with Mantine's charts; every chart's figures are also in a table
 * that only screen readers read.
 */
export function DashboardCharts({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation('dashboard');
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const stats = useDashboardStats(companyId, range);
  const s = stats.data?.data;
  const money = (v: number) => formatAmount(v, 'RON', i18n.language);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        {s ? (
          <Title order={2} fz={20}>
            {t('charts.title', {
              from: formatDate(Date.parse(`${s.from}T12:00:00Z`) / 1000, i18n.language),
              to: formatDate(Date.parse(`${s.to}T12:00:00Z`) / 1000, i18n.language),
            })}
          </Title>
        ) : (
          // Until the figures come: the title's place held, never "Orders and revenue,  – ".
          <Skeleton h={26} w={360} maw="100%" radius="sm" data-testid="charts-title-skeleton" aria-hidden />
        )}
        {/* The range's fields wait for the range the server chose (the last 30 days), never shown empty. */}
        <Skeleton visible={!s && !range} w="auto" radius="sm">
          <Group gap="xs">
            <DateField
              size="xs"
              w={150}
              label={t('charts.from')}
              value={range?.from ?? s?.from ?? ''}
              onChange={(from) => {
                if (from) setRange({ from, to: range?.to ?? s?.to ?? from });
              }}
            />
            <DateField
              size="xs"
              w={150}
              label={t('charts.to')}
              value={range?.to ?? s?.to ?? ''}
              onChange={(to) => {
                if (to) setRange({ from: range?.from ?? s?.from ?? to, to });
              }}
            />
          </Group>
        </Skeleton>
      </Group>
      {stats.isLoading ? (
        <FiguresSkeleton />
      ) : stats.isError || !s ? (
        <ErrorState message={t('fetchFailed')} onRetry={() => void stats.refetch()} />
      ) : (
        <Figures s={s} money={money} />
      )}
    </Stack>
  );
}

/**
 * The figures' places while they load, in their own layout (three totals, four charts, the top
 * products): the figures replace them where they stand, nothing jumps and nothing reads "–".
 */
function FiguresSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="md" data-testid="figures-skeleton" aria-busy="true">
      <VisuallyHidden role="status">{t('charts.loading')}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(['orders', 'revenue', 'codOwed'] as const).map((k) => (
          <Paper key={k} withBorder radius="md" p="md">
            <Text size="sm" c="dimmed">
              {t(`charts.${k}`)}
            </Text>
            <Skeleton h={28} w="60%" mt={8} radius="sm" />
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {(['ordersBySource', 'revenuePerDay', 'ordersByStatus', 'couriers'] as const).map((k) => (
          <Card key={k} title={t(`charts.${k}`)}>
            <Skeleton h={k === 'couriers' ? 200 : 260} radius="sm" />
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Figures({ s, money }: { s: DashboardStats; money: (v: number) => string }) {
  const { t, i18n } = useTranslation('dashboard');
  const sourceName = (id: number) =>
    id === 0 ? t('charts.noSource') : s.sources.find((x) => x.id === id)?.name || `#${id}`;
  const statusName = (st: string) => t(`common:status.${st}`, { defaultValue: st });
  // Series are keyed by id, never by name: two sources may share a name.
  const sourceTotal = (id: number) => s.days.reduce((a, d) => a + (d.by_source[String(id)]?.orders ?? 0), 0);
  const drawn = [...s.sources]
    .map((x) => ({ id: x.id, total: sourceTotal(x.id) }))
    .filter((x) => x.total > 0)
    .sort((a, b) => b.total - a.total)
    .slice(0, SOURCES_DRAWN)
    .map((x) => x.id);
  const hasOther = s.sources.some((x) => !drawn.includes(x.id) && sourceTotal(x.id) > 0);
  const bySource = s.days.map((d) => {
    const row: Record<string, string | number> = { day: shortDay(d.day, i18n.language) };
    for (const id of drawn) row[`s${id}`] = d.by_source[String(id)]?.orders ?? 0;
    if (hasOther)
      row.other = Object.entries(d.by_source)
        .filter(([id]) => !drawn.includes(Number(id)))
        .reduce((a, [, v]) => a + v.orders, 0);
    return row;
  });
  const sourceSeries = [
    ...drawn.map((id, i) => ({ name: `s${id}`, label: sourceName(id), color: COLORS[i % COLORS.length] })),
    ...(hasOther ? [{ name: 'other', label: t('charts.otherSources'), color: 'gray.5' }] : []),
  ];
  const byStatus = s.days.map((d) => ({
    day: shortDay(d.day, i18n.language),
    ...Object.fromEntries(s.statuses.map((st) => [st, d.by_status[st]?.orders ?? 0])),
  }));
  const revenue = s.days.map((d) => ({ day: shortDay(d.day, i18n.language), [t('charts.revenue')]: d.revenue }));
  const couriers = s.couriers.map((c) => ({
    courier: COURIERS[c.courier] ?? c.courier,
    [t('charts.delivered')]: c.awbs ? Math.round((c.delivered / c.awbs) * 100) : 0,
    [t('charts.returned')]: c.awbs ? Math.round((c.returned / c.awbs) * 100) : 0,
    [t('charts.refused')]: c.awbs ? Math.round((c.refused / c.awbs) * 100) : 0,
  }));
  const chartProps = { h: 260, dataKey: 'day', tickLine: 'y' as const, withLegend: true, 'aria-hidden': true };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder radius="md" p="md" data-testid="stat-orders">
          <Text size="sm" c="dimmed">
            {t('charts.orders')}
          </Text>
          <Text fz={26} fw={700}>
            {s.total.orders.toLocaleString(i18n.language)}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="md" data-testid="stat-revenue">
          <Text size="sm" c="dimmed">
            {t('charts.revenue')}
          </Text>
          <Text fz={26} fw={700}>
            {money(s.total.revenue)}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="md" data-testid="stat-cod-owed">
          <Text size="sm" c="dimmed">
            {t('charts.codOwed')}
          </Text>
          <Text fz={26} fw={700}>
            {money(s.cod_owed.total)}
          </Text>
          <Text size="xs" c="dimmed">
            {s.cod_owed.couriers.map((c) => `${COURIERS[c.courier] ?? c.courier}: ${money(c.owed)}`).join(' · ')}
          </Text>
        </Paper>
      </SimpleGrid>
      {/* The parcels needing attention now (all time, not the range's): a link to their tab. */}
      {typeof s.attention === 'number' ? (
        <Paper withBorder radius="md" p="md" data-testid="stat-attention">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('charts.attention')}
            </Text>
            <Anchor component={Link} to={paths.orders({ attention: true })} size="sm">
              {t('charts.attentionLink')}
            </Anchor>
          </Group>
          <Text fz={26} fw={700} c={s.attention ? 'red' : undefined}>
            {s.attention}
          </Text>
        </Paper>
      ) : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card title={t('charts.ordersBySource')} testId="chart-by-source">
          <BarChart {...chartProps} data={bySource} type="stacked" series={sourceSeries} />
        </Card>
        <Card title={t('charts.revenuePerDay')} testId="chart-revenue">
          <LineChart
            {...chartProps}
            data={revenue}
            series={[{ name: t('charts.revenue'), color: 'blue.6' }]}
            valueFormatter={(v) => money(v)}
            yAxisProps={{ tickFormatter: (v: number) => compact(v, i18n.language), width: 48 }}
            withDots={false}
          />
        </Card>
        <Card title={t('charts.ordersByStatus')} testId="chart-by-status">
          <BarChart
            {...chartProps}
            data={byStatus}
            type="stacked"
            // The colours of the status badges: completed green, cancelled red, as everywhere else.
            series={s.statuses.map((st) => ({ name: st, label: statusName(st), color: `${statusColor(st)}.6` }))}
          />
        </Card>
        <Card title={t('charts.couriers')} testId="chart-couriers">
          {couriers.length === 0 ? (
            <Text c="dimmed">{t('charts.noAwbs')}</Text>
          ) : (
            <BarChart
              h={200}
              data={couriers}
              dataKey="courier"
              type="stacked"
              unit=" %"
              withLegend
              aria-hidden
              series={[
                { name: t('charts.delivered'), color: 'teal.6' },
                { name: t('charts.returned'), color: 'orange.6' },
                { name: t('charts.refused'), color: 'red.6' },
              ]}
            />
          )}
        </Card>
      </SimpleGrid>
      <Card title={t('charts.topProducts')} testId="top-products">
        {s.top_products.length === 0 ? (
          <Text c="dimmed">{t('charts.noProducts')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('charts.product')}</Table.Th>
                  <Table.Th ta="right">{t('charts.quantity')}</Table.Th>
                  <Table.Th ta="right">{t('charts.revenue')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.top_products.map((p) => (
                  <Table.Tr key={p.product_id}>
                    <Table.Td>
                      {p.name}{' '}
                      <Text span size="xs" c="dimmed">
                        {p.sku}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{p.quantity.toLocaleString(i18n.language)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(p.revenue)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {/* The charts' figures for screen readers (the charts themselves are hidden from them). */}
      <VisuallyHidden>
        <table data-testid="figures-table">
          <caption>{t('charts.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('charts.day')}</th>
              <th scope="col">{t('charts.orders')}</th>
              <th scope="col">{t('charts.revenue')}</th>
              {s.sources.map((x) => (
                <th scope="col" key={`s${x.id}`}>
                  {sourceName(x.id)}
                </th>
              ))}
              {s.statuses.map((st) => (
                <th scope="col" key={st}>
                  {statusName(st)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {s.days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.orders}</td>
                <td>{money(d.revenue)}</td>
                {s.sources.map((x) => (
                  <td key={`s${x.id}`}>{d.by_source[String(x.id)]?.orders ?? 0}</td>
                ))}
                {s.statuses.map((st) => (
                  <td key={st}>{d.by_status[st]?.orders ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <table>
          <caption>{t('charts.couriers')}</caption>
          <tbody>
            {s.couriers.map((c) => (
              <tr key={c.courier}>
                <th scope="row">{COURIERS[c.courier] ?? c.courier}</th>
                <td>
                  {t('charts.delivered')}: {c.delivered} / {c.awbs}
                </td>
                <td>
                  {t('charts.returned')}: {c.returned} / {c.awbs}
                </td>
                <td>
                  {t('charts.refused')}: {c.refused} / {c.awbs}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Stack>
  );
}
