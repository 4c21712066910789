// What one event changed in a folded state (issue 33 point 2): each added, removed or changed path with its
// old and new value, as elements (the values through JsonValue: never HTML).
import clsx from 'clsx';
import { adminStreamTexts, type StateDiff } from '@contracts/admin-streams';
import { JsonValue } from './json-view';

const kinds = {
  added: { label: 'Added', mark: '+', tone: 'border-emerald-200 bg-emerald-50 text-emerald-900' },
  removed: { label: 'Removed', mark: '−', tone: 'border-red-200 bg-red-50 text-red-900' },
  changed: { label: 'Changed', mark: '~', tone: 'border-amber-200 bg-amber-50 text-amber-900' },
} as const;

export const pathText = (path: StateDiff['path']) => (path.length === 0 ? '(the whole state)' : path.map(String).join(' › '));

export const StateDiffList = ({ changes }: { changes: StateDiff[] }) => {
  if (changes.length === 0) return <p className="text-sm text-slate-600">{adminStreamTexts.noChange}</p>;
  return (
    <ul className="space-y-2" data-testid="state-diff">
      {changes.map((change) => {
        const kind = kinds[change.kind];
        return (
          <li key={`${change.kind}:${change.path.join('\u0000')}`} className={clsx('rounded-lg border p-2 text-xs', kind.tone)} data-kind={change.kind}>
            <p className="font-mono font-semibold break-all">
              <span aria-hidden>{kind.mark} </span>
              <span className="sr-only">{kind.label}: </span>
              {pathText(change.path)}
            </p>
            <div className="mt-1 grid gap-1 font-mono sm:grid-cols-2">
              {change.kind !== 'added' && (
                <div className="min-w-0">
                  <span className="font-sans font-medium">Before: </span>
                  <JsonValue value={change.before} depth={1} />
                </div>
              )}
              {change.kind !== 'removed' && (
                <div className="min-w-0">
                  <span className="font-sans font-medium">After: </span>
                  <JsonValue value={change.after} depth={1} />
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
};
