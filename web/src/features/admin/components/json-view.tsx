// JSON rendered as elements, never as HTML (issue 33): an event's data and metadata, a folded state and the
// values in a diff come from members' own texts, so every value is a React text node, and nothing is
// ever handed to the DOM as markup. Objects and arrays nest as definition lists, collapsed past a depth. A
// collection time travel shortened ends with its STATE_CUT_KEY entry, shown as how many more were left out.
import clsx from 'clsx';
import { Link } from 'react-router';
import { adminStreamTexts, STATE_CUT_KEY } from '@contracts/admin-streams';

const MAX_OPEN_DEPTH = 3;

/** Ids the admin sees in the log that lead on: a session's or post's stream, a member's events (issue 33). */
const ID_LINKS: Record<string, (id: string) => string> = {
  sessionId: (id) => `/admin/streams/session-${encodeURIComponent(id)}`,
  postId: (id) => `/admin/streams/post-${encodeURIComponent(id)}`,
  conversationId: (id) => `/admin/streams/conversation-${encodeURIComponent(id)}`,
  ...Object.fromEntries(
    ['memberId', 'studentId', 'instructorId', 'mentorId', 'authorId', 'actorId'].map((field) => [
      field,
      (id: string) => `/admin/events?member=${encodeURIComponent(id)}`,
    ]),
  ),
};

export const Scalar = ({ value }: { value: unknown }) => {
  if (value === null || value === undefined) return <span className="text-slate-500 italic">{value === null ? 'null' : 'absent'}</span>;
  if (typeof value === 'string') return <span className="break-all text-emerald-800">&quot;{value}&quot;</span>;
  if (typeof value === 'number' || typeof value === 'boolean') return <span className="text-brand-700">{String(value)}</span>;
  return <span className="break-all">{JSON.stringify(value)}</span>;
};

const isNested = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null;

/** How many entries time travel left out of a shortened collection ('4980 more'), if this entry says so. */
const cutOf = (key: string, item: unknown, inArray: boolean): string | null => {
  if (!inArray) return key === STATE_CUT_KEY && typeof item === 'string' ? item : null;
  if (!isNested(item) || Array.isArray(item)) return null;
  const keys = Object.keys(item);
  return keys.length === 1 && keys[0] === STATE_CUT_KEY && typeof item[STATE_CUT_KEY] === 'string' ? item[STATE_CUT_KEY] : null;
};

const Nested = ({ value, depth }: { value: Record<string, unknown> | unknown[]; depth: number }) => {
  const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
  if (entries.length === 0) return <span className="text-slate-500">{Array.isArray(value) ? '[]' : '{}'}</span>;
  const last = entries.at(-1)!;
  const cut = cutOf(last[0], last[1], Array.isArray(value));
  const list = (
    <dl className={clsx('space-y-0.5', depth > 0 && 'border-l border-slate-200 pl-3')}>
      {(cut === null ? entries : entries.slice(0, -1)).map(([key, item]) => (
        <div key={key} className="min-w-0">
          <dt className="inline font-medium text-slate-700">{key}: </dt>
          <dd className="inline">
            {typeof item === 'string' && !Array.isArray(value) && ID_LINKS[key] ? (
              <Link to={ID_LINKS[key](item)} className="underline decoration-dotted underline-offset-2 hover:decoration-solid">
                <Scalar value={item} />
              </Link>
            ) : (
              <JsonValue value={item} depth={depth + 1} />
            )}
          </dd>
        </div>
      ))}
      {cut !== null && (
        <div className="text-slate-500 italic" data-testid="state-cut">
          <dt className="inline">{STATE_CUT_KEY} </dt>
          <dd className="inline">{adminStreamTexts.cutMore(cut)}</dd>
        </div>
      )}
    </dl>
  );
  if (depth < MAX_OPEN_DEPTH) return list;
  const count = cut === null ? entries.length : `${entries.length - 1}+`;
  return (
    <details className="inline-block align-top">
      <summary className="cursor-pointer text-slate-600">{Array.isArray(value) ? `[${count} items]` : `{${count} keys}`}</summary>
      {list}
    </details>
  );
};

export const JsonValue = ({ value, depth = 0 }: { value: unknown; depth?: number }) =>
  isNested(value) ? (
    <div className={clsx(depth > 0 && 'block')}>
      <Nested value={value} depth={depth} />
    </div>
  ) : (
    <Scalar value={value} />
  );

/** A titled block of JSON, scrolling within itself on a narrow screen. */
export const JsonBlock = ({ title, value, testId }: { title: string; value: unknown; testId?: string }) => (
  <section className="min-w-0" data-testid={testId}>
    <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</h4>
    {/* Focusable and named: a keyboard can scroll a long state (axe: scrollable-region-focusable). */}
    <div tabIndex={0} role="region" aria-label={title} className="max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-xs leading-relaxed">
      <JsonValue value={value} />
    </div>
  </section>
);
