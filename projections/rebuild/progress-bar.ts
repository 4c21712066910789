// A one-line progress bar for rebuilds on stderr: events done / total, events per second, ETA.
// On a terminal it redraws in place; otherwise (CI logs) it prints a line every few seconds.
import type { RebuildProgress } from './rebuild-projector.js';

const WIDTH = 28;

const formatDuration = (seconds: number): string => {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
};

export const formatProgress = (p: RebuildProgress, now: number): string => {
  const fraction = p.total === 0 ? 1 : Math.min(1, p.done / p.total);
  const filled = Math.round(fraction * WIDTH);
  const seconds = Math.max((now - p.startedAt) / 1000, 0.001);
  const rate = p.doneThisRun / seconds;
  const eta = rate > 0 ? (p.total - p.done) / rate : Infinity;
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    `${p.projector.padEnd(22)} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${(fraction * 100).toFixed(1).padStart(5)}%  ` +
    `${n(p.done)}/${n(p.total)} events  ${n(Math.round(rate))} ev/s  ETA ${p.phase === 'swapped' ? '0:00' : formatDuration(eta)}` +
    (p.resumed ? '  (resumed)' : '')
  );
};

export interface ProgressBar {
  update(progress: RebuildProgress): void;
  /** Ends the current bar's line. */
  finish(): void;
}

export const createProgressBar = (out: NodeJS.WriteStream = process.stderr): ProgressBar => {
  const interactive = out.isTTY === true;
  const minIntervalMs = interactive ? 100 : 5000;
  let lastDraw = 0;
  let current: RebuildProgress | null = null;
  const draw = () => {
    if (!current) return;
    const line = formatProgress(current, Date.now());
    out.write(interactive ? `\r${line}\x1b[K` : `${line}\n`);
    lastDraw = Date.now();
  };
  return {
    update(progress) {
      const changedProjector = current?.projector !== progress.projector;
      if (changedProjector && current && interactive) out.write('\n');
      current = progress;
      if (changedProjector || progress.phase === 'swapped' || Date.now() - lastDraw >= minIntervalMs) draw();
    },
    finish() {
      if (current && interactive) out.write('\n');
      current = null;
    },
  };
};
