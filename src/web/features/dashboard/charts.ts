/*
 * The chart drawings (recharts under Mantine's wrappers: about 130 KB gzip, half of everything the
 * dashboard downloads), in a chunk of their own: DashboardCharts loads it when a chart is about to be seen,
 * so the dashboard's numbers and tables show without waiting for it.
 */
import '@mantine/charts/styles.css';

export { BarChart, LineChart } from '@mantine/charts';
