// The followers of the event log (projectors building read models, reactors issuing commands), one row
// each, as GET /api/admin/operations/followers reports them, with the API process holding each (every
// process reports that one's state). A plain table: the admin screens move onto ui/table when it lands.
import type { FollowerFailure, FollowerStatus } from '@contracts/admin-operations';
import { Badge, type BadgeTone } from '@/ui/badge';
import { FollowerControls } from './follower-controls';

const stateTones: Record<string, BadgeTone> = {
  live: 'success',
  'catching-up': 'info',
  rebuilding: 'brand',
  failed: 'danger',
  stopped: 'warning',
  paused: 'warning',
};

const unknown = <span className="text-slate-500">unknown</span>;

const Failure = ({ failure }: { failure: FollowerFailure }) => (
  <div className="max-w-sm text-red-800">
    <p className="font-medium break-words">{failure.error}</p>
    <p className="mt-0.5 text-xs break-all text-red-700">
      Event {failure.position} ({failure.eventType} on {failure.streamId}), <time dateTime={failure.failedAt}>{failure.failedAt}</time>
    </p>
  </div>
);

const count = new Intl.NumberFormat('en-US');

/** A rebuild's progress: events built of the log's events, as the runtime reports them every second. */
const RebuildProgress = ({ name, done, total }: { name: string; done: number; total: number }) => {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div className="mt-1.5 w-40" data-rebuild-progress={name}>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={`Rebuild of ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-0.5 text-xs text-slate-600 tabular-nums">
        {count.format(done)} / {count.format(total)} events ({percent}%)
      </p>
    </div>
  );
};

export const FollowersTable = ({ followers }: { followers: readonly FollowerStatus[] }) => (
  // Scrolls sideways on a phone; focusable so a keyboard can scroll it too.
  <div className="overflow-x-auto" role="region" aria-label="Followers of the event log" tabIndex={0}>
    <table className="min-w-full divide-y divide-slate-200 text-left text-sm" data-testid="followers-table">
      <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <tr>
          <th scope="col" className="px-4 py-3">
            Name
          </th>
          <th scope="col" className="px-4 py-3">
            Kind
          </th>
          <th scope="col" className="px-4 py-3">
            State
          </th>
          <th scope="col" className="px-4 py-3">
            Held by
          </th>
          <th scope="col" className="px-4 py-3 text-right">
            Position
          </th>
          <th scope="col" className="px-4 py-3 text-right">
            Lag (events)
          </th>
          <th scope="col" className="px-4 py-3 text-right">
            Lag (s)
          </th>
          <th scope="col" className="px-4 py-3">
            Last failure
          </th>
          <th scope="col" className="px-4 py-3">
            Controls
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {followers.map((f) => (
          <tr key={`${f.kind}:${f.name}`} data-follower={f.name} className={f.failure ? 'bg-red-50/40' : undefined}>
            <th scope="row" className="px-4 py-3 font-medium whitespace-nowrap text-slate-900">
              {f.name}
            </th>
            <td className="px-4 py-3 text-slate-600 capitalize">{f.kind}</td>
            <td className="px-4 py-3 whitespace-nowrap">
              <Badge tone={stateTones[f.state] ?? 'neutral'}>{f.state}</Badge>
              {f.rebuild && <RebuildProgress name={f.name} done={f.rebuild.done} total={f.rebuild.total} />}
              {f.rebuildFailure && (
                <p className="mt-1 max-w-xs text-xs break-words whitespace-normal text-red-800">
                  Rebuild failed <time dateTime={f.rebuildFailure.failedAt}>{f.rebuildFailure.failedAt}</time>: {f.rebuildFailure.error}
                </p>
              )}
            </td>
            <td className="px-4 py-3 font-mono text-xs break-all text-slate-700">{f.holder ?? <span className="font-sans text-slate-500">none</span>}</td>
            <td className="px-4 py-3 text-right font-mono text-xs text-slate-700 tabular-nums">{f.position ?? unknown}</td>
            <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{f.lag.events ?? unknown}</td>
            <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{f.lag.seconds ?? unknown}</td>
            <td className="px-4 py-3">{f.failure ? <Failure failure={f.failure} /> : <span className="text-slate-500">None</span>}</td>
            <td className="px-4 py-3">
              <FollowerControls follower={f} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
