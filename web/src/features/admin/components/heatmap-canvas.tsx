// The heat map's canvas (spec 002 §2, §9): 1200 x 800 of 20 px cells in 5 colour steps of intensity (below
// 0.2, 0.4, 0.6, 0.8, and above) and the first 50 points as dots, one screenful (800 document px) at a
// time. x is a fraction of the viewport's width, so a column is the same place at any width of the band.
// The canvas scales down with its box and keeps its 3:2 (a 390 px screen shows it 358 px wide); its
// busiest cells are also a table for those who cannot see it.
import { useEffect, useMemo, useRef } from 'react';
import { HEATMAP, intensityStep } from '@contracts/heatmap-limits';
import type { HeatmapCell, HeatmapDot } from '@contracts/heatmap';

/** The five steps' colours, coolest first (the legend shows them with their bounds). */
export const STEP_COLOURS = ['rgba(59, 130, 246, 0.45)', 'rgba(34, 197, 94, 0.6)', 'rgba(234, 179, 8, 0.7)', 'rgba(249, 115, 22, 0.8)', 'rgba(220, 38, 38, 0.9)'];
export const STEP_LABELS = ['below 0.2', '0.2 to 0.4', '0.4 to 0.6', '0.6 to 0.8', '0.8 and above'];
const BUSIEST_LISTED = 10;

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
/** A column as the share of the width it covers. */
export const columnSpan = (column: number) => `${percent(column / HEATMAP.columns)}-${percent((column + 1) / HEATMAP.columns)}`;

export const HeatmapCanvas = ({ cells, dots, section, label }: { cells: HeatmapCell[]; dots: HeatmapDot[]; section: number; label: string }) => {
  const canvas = useRef<HTMLCanvasElement>(null);
  const firstRow = section * HEATMAP.rows;
  const shown = useMemo(() => cells.filter((cell) => cell.row >= firstRow && cell.row < firstRow + HEATMAP.rows), [cells, firstRow]);
  const top = section * HEATMAP.canvasHeight;

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const { canvasWidth: width, canvasHeight: height, cellPx } = HEATMAP;
    context.clearRect(0, 0, width, height);
    context.fillStyle = '#f8fafc';
    context.fillRect(0, 0, width, height);
    // A faint 100 px grid, so places can be read off the canvas.
    context.strokeStyle = '#e2e8f0';
    context.lineWidth = 1;
    for (let x = 100; x < width; x += 100) context.strokeRect(x + 0.5, 0, 0, height);
    for (let y = 100; y < height; y += 100) context.strokeRect(0, y + 0.5, width, 0);
    for (const cell of shown) {
      context.fillStyle = STEP_COLOURS[intensityStep(cell.intensity)]!;
      context.fillRect(cell.column * cellPx, (cell.row - firstRow) * cellPx, cellPx, cellPx);
    }
    for (const dot of dots) {
      const y = dot.y - top;
      if (y < 0 || y >= height) continue;
      context.beginPath();
      context.arc(dot.x * width, y, 4, 0, Math.PI * 2);
      context.fillStyle = '#0f172a';
      context.fill();
      context.lineWidth = 1.5;
      context.strokeStyle = '#ffffff';
      context.stroke();
    }
  }, [shown, dots, firstRow, top]);

  const busiest = [...shown].sort((a, b) => b.count - a.count || a.row - b.row || a.column - b.column).slice(0, BUSIEST_LISTED);
  return (
    <figure className="space-y-3">
      <canvas
        ref={canvas}
        width={HEATMAP.canvasWidth}
        height={HEATMAP.canvasHeight}
        className="block h-auto w-full max-w-[1200px] rounded-lg border border-slate-200"
        role="img"
        aria-label={`${label}: ${shown.length} cells with points from ${top} to ${top + HEATMAP.canvasHeight} document px; the busiest are listed below.`}
        data-testid="heatmap-canvas"
        data-section={section}
      />
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-600" aria-label="Intensity steps">
        {STEP_LABELS.map((stepLabel, step) => (
          <span key={stepLabel} className="inline-flex items-center gap-1.5">
            <span className="h-3 w-3 rounded-sm" style={{ background: STEP_COLOURS[step] }} aria-hidden />
            {stepLabel}
          </span>
        ))}
        <span className="inline-flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-full border border-white bg-slate-900 ring-1 ring-slate-300" aria-hidden />
          one of the last {HEATMAP.dots} points
        </span>
      </figcaption>
      {/* In a box of its own: a table cannot be narrower than its cells, a div can. */}
      <div className="sr-only">
        <table data-testid="heatmap-busiest">
          <caption>The busiest cells shown (x as a share of the width, y in document px)</caption>
          <thead>
            <tr>
              <th scope="col">x</th>
              <th scope="col">y</th>
              <th scope="col">Points</th>
              <th scope="col">Intensity</th>
            </tr>
          </thead>
          <tbody>
            {busiest.map((cell) => (
              <tr key={`${cell.column}-${cell.row}`} data-column={cell.column} data-row={cell.row}>
                <td>{columnSpan(cell.column)}</td>
                <td>{`${cell.row * HEATMAP.cellPx}-${(cell.row + 1) * HEATMAP.cellPx} px`}</td>
                <td>{cell.count}</td>
                <td>{cell.intensity.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
};
