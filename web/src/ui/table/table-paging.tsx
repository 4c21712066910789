import { Button } from '@/ui/button';
import type { TablePaging } from './types';

/** Previous / Next with 'Page N of M' (spec 000 §2's My Sessions), or 'Load more' for a keyset cursor. */
export const TablePagingControls = ({ paging }: { paging: TablePaging }) => {
  if (paging.kind === 'cursor') {
    if (!paging.hasMore) return null;
    return (
      <div className="flex justify-center border-t border-slate-100 pt-4">
        <Button variant="outline" size="sm" loading={paging.loadingMore} disabled={paging.loadingMore} onClick={paging.onLoadMore} data-testid="load-more">
          Load more
        </Button>
      </div>
    );
  }
  const { page, onPage, totalLabel } = paging;
  const pages = Math.max(1, paging.pageCount);
  return (
    <nav className="flex items-center justify-between gap-3 border-t border-slate-100 pt-4" aria-label="Pages">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="text-sm text-slate-600" data-testid="page-indicator">
        Page {page} of {pages}
        {totalLabel && <span className="hidden text-slate-500 sm:inline"> · {totalLabel}</span>}
      </p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
};
