// The notifications page's loading state: the spec's 'Loading notifications...' (document 001 §2.8) over grey
// rows in the shape of notifications.
const Row = () => (
  <li className="flex animate-pulse gap-3 px-4 py-4 sm:px-5">
    <div className="h-10 w-10 shrink-0 rounded-full bg-slate-200" />
    <div className="flex-1 space-y-2 pt-1">
      <div className="h-3 w-1/3 rounded bg-slate-200" />
      <div className="h-3 w-5/6 rounded bg-slate-100" />
      <div className="h-3 w-1/2 rounded bg-slate-100" />
    </div>
  </li>
);

export const NotificationSkeletons = () => (
  <div role="status" data-testid="notifications-loading">
    <p className="px-4 pt-4 text-sm text-slate-500 sm:px-5">Loading notifications...</p>
    <ul className="divide-y divide-slate-100" aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <Row key={i} />
      ))}
    </ul>
  </div>
);
