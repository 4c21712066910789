// A group's resolved stack (the server maps browser frames through the build's hidden source maps): our
// own frames highlighted with their file and line, the libraries' and the runtime's dimmed. Without
// resolved frames, the stack as it was printed; without either, says so.
import clsx from 'clsx';
import type { StackFrame } from '@contracts/admin-errors';

export const frameLocation = (frame: StackFrame): string =>
  frame.line === null ? frame.file : `${frame.file}:${frame.line}${frame.column === null ? '' : `:${frame.column}`}`;

export const ErrorStack = ({ frames, raw }: { frames: StackFrame[]; raw: string | null }) => {
  if (frames.length === 0) {
    return raw ? (
      <pre
        className="max-h-64 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs whitespace-pre-wrap text-slate-100"
        data-testid="error-stack-raw"
        tabIndex={0}
        role="region"
        aria-label="Stack trace as printed"
      >
        {raw}
      </pre>
    ) : (
      <p className="text-sm text-slate-600">No stack trace was recorded.</p>
    );
  }
  return (
    // A scrolling region is focusable, so a keyboard reaches its last frames (axe: scrollable-region-focusable).
    <ol
      className="max-h-72 divide-y divide-slate-100 overflow-auto rounded-lg border border-slate-200 font-mono text-xs"
      data-testid="error-stack"
      tabIndex={0}
      aria-label="Stack frames, innermost first"
    >
      {frames.map((frame, i) => (
        <li
          key={i}
          className={clsx('flex flex-wrap items-baseline gap-x-2 px-3 py-1.5', frame.inApp ? 'bg-amber-50 text-slate-900' : 'text-slate-600')}
          data-in-app={frame.inApp}
        >
          <span className={clsx('break-all', frame.inApp && 'font-semibold')}>{frame.function ?? '(anonymous)'}</span>
          <span className={clsx('break-all', frame.inApp ? 'text-amber-900' : 'text-slate-500')} data-testid="frame-location">
            {frameLocation(frame)}
          </span>
          {frame.inApp && <span className="rounded bg-amber-200 px-1 font-sans text-[10px] font-semibold text-amber-900 uppercase">Our code</span>}
        </li>
      ))}
    </ol>
  );
};
