// Bars and lines over categories (days, pages): the same data, axes and table, two drawings.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from './chart-frame';
import type { ChartDatum, ChartSeries, ChartText } from './types';
import { colorOf } from './types';

export interface SeriesChartProps extends ChartText {
  data: ChartDatum[];
  /** The key of each datum's category (the x axis). */
  category: string;
  categoryLabel: string;
  series: ChartSeries[];
}

const tableOf = ({ data, category, categoryLabel, series }: SeriesChartProps) => ({
  columns: [categoryLabel, ...series.map((s) => s.label)],
  rows: data.map((datum) => [datum[category] ?? '', ...series.map((s) => datum[s.key] ?? 0)]),
});

const axes = (category: string) => [
  <CartesianGrid key="grid" strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />,
  <XAxis key="x" dataKey={category} tick={{ fontSize: 12, fill: '#475569' }} tickLine={false} minTickGap={8} />,
  <YAxis key="y" allowDecimals={false} width={40} tick={{ fontSize: 12, fill: '#475569' }} tickLine={false} axisLine={false} />,
  <Tooltip key="tooltip" />,
  <Legend key="legend" wrapperStyle={{ fontSize: 12 }} />,
];

export const BarsChart = (props: SeriesChartProps) => {
  const { title, description, height = 260, data, category, series } = props;
  return (
    <ChartFrame title={title} description={description} {...tableOf(props)}>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 360, height }}>
        <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          {axes(category)}
          {series.map((s, i) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={colorOf(s, i)} radius={[4, 4, 0, 0]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
};

export const LinesChart = (props: SeriesChartProps) => {
  const { title, description, height = 260, data, category, series } = props;
  return (
    <ChartFrame title={title} description={description} {...tableOf(props)}>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 360, height }}>
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          {axes(category)}
          {series.map((s, i) => (
            <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={colorOf(s, i)} strokeWidth={2} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
};
