// A conversion funnel (spec 002: members, profile ready, teaching, sessions): each stage's count, and in
// the table its share of the first stage.
import { Funnel, FunnelChart as RechartsFunnel, LabelList, ResponsiveContainer, Tooltip } from 'recharts';
import { ChartFrame } from './chart-frame';
import type { ChartText, FunnelStage } from './types';
import { seriesColors } from './types';

export interface FunnelChartProps extends ChartText {
  stages: FunnelStage[];
}

const share = (value: number, first: number) => (first > 0 ? `${Math.round((value / first) * 100)}%` : '–');

export const FunnelChart = ({ title, description, height = 260, stages }: FunnelChartProps) => {
  const first = stages[0]?.value ?? 0;
  const data = stages.map((stage, i) => ({ name: stage.label, value: stage.value, fill: seriesColors[i % seriesColors.length] }));
  return (
    <ChartFrame
      title={title}
      description={description}
      columns={['Stage', 'Count', 'Of the first stage']}
      rows={stages.map((stage) => [stage.label, stage.value, share(stage.value, first)])}
    >
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 360, height }}>
        {/* Room on the right for the stage names, which sit beside their stage (the widest stage included). */}
        <RechartsFunnel accessibilityLayer={false} margin={{ top: 4, right: 104, bottom: 4, left: 8 }}>
          <Tooltip />
          <Funnel dataKey="value" nameKey="name" data={data} isAnimationActive={false}>
            <LabelList position="center" fill="#fff" stroke="none" dataKey="value" className="text-xs font-semibold" />
            <LabelList position="right" fill="#334155" stroke="none" dataKey="name" className="text-xs" />
          </Funnel>
        </RechartsFunnel>
      </ResponsiveContainer>
    </ChartFrame>
  );
};
