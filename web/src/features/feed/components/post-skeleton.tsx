// The loading skeleton of 4 cards (spec 001 §2.3).
const Card = () => (
  <div className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
    <div className="flex items-center gap-3">
      <div className="h-10 w-10 rounded-full bg-slate-200" />
      <div className="flex-1 space-y-2">
        <div className="h-3 w-1/3 rounded bg-slate-200" />
        <div className="h-3 w-1/4 rounded bg-slate-100" />
      </div>
    </div>
    <div className="mt-4 space-y-2">
      <div className="h-3 rounded bg-slate-100" />
      <div className="h-3 w-5/6 rounded bg-slate-100" />
      <div className="h-3 w-2/3 rounded bg-slate-100" />
    </div>
  </div>
);

export const PostSkeletons = () => (
  <div className="space-y-4" role="status" aria-label="Loading posts" data-testid="feed-skeleton">
    <Card />
    <Card />
    <Card />
    <Card />
  </div>
);
