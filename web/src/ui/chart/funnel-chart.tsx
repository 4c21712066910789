// A conversion funnel (spec 002: members, profile ready, teaching, sessions): each stage's count, and in
// the table its share of the first stage.
import { Funnel, FunnelChart as RechartsFunnel, LabelList, ResponsiveContainer, Tooltip, type LabelProps } from 'recharts';
import { ChartFrame } from './chart-frame';
import type { ChartText, FunnelStage } from './types';
import { seriesColors } from './types';

export interface FunnelChartProps extends ChartText {
  stages: FunnelStage[];
}

const share = (value: number, first: number) => (first > 0 ? `${Math.round((value / first) * 100)}%` : '–');

/** A stage's row as the funnel draws it: the upper side's left corner, both sides' widths, its height. */
interface StageBox {
  x: number;
  y: number;
  upperWidth: number;
  lowerWidth: number;
  height: number;
}

/**
 * A stage's name beside the stage's wider side. Recharts' 'right' position puts it at the middle of the
 * slanted side, so the name of a stage much wider than the next (every member at the first step) was
 * written over the stage's colour.
 */
export const StageName = ({ viewBox, value }: LabelProps) => {
  const box = viewBox as StageBox | undefined;
  if (!box || typeof box.upperWidth !== 'number') return null;
  const right = box.x + box.upperWidth / 2 + Math.max(box.upperWidth, box.lowerWidth) / 2;
  return (
    <text x={right + 6} y={box.y + box.height / 2} fill="#334155" dominantBaseline="central" className="text-xs" data-stage-name>
      {String(value ?? '')}
    </text>
  );
};

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
            <LabelList dataKey="name" content={StageName} />
          </Funnel>
        </RechartsFunnel>
      </ResponsiveContainer>
    </ChartFrame>
  );
};
