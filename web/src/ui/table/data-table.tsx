// A table a feature draws by declaring its columns (or, where the spec's look is cards, one card per row):
// TanStack Table sorts and filters, TanStack Virtual keeps only a window of rows in the document, and the
// kit draws the loading, error and empty states and the paging (server pages or a keyset cursor).
import clsx from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown, RefreshCw } from 'lucide-react';
import type { RowData } from '@tanstack/react-table';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { Spinner } from '@/ui/spinner';
import type { DataColumn, TablePaging, TableStatus, VirtualRows } from './types';
import type { UseDataTableOptions } from './use-data-table';
import { useDataTable } from './use-data-table';
import { TablePagingControls } from './table-paging';
import { everyRow } from './row-window';
import type { RowWindow } from './row-window';

const VirtualWindow = lazy(() => import('./virtual-window').then((m) => ({ default: m.VirtualWindow })));

export interface DataTableProps<T extends RowData> extends UseDataTableOptions<T> {
  /** The table's name for assistive technology (its caption, or the list's label). */
  label: string;
  status: TableStatus;
  /** A page is being fetched while the last one shows. */
  busy?: boolean;
  onRetry?: () => void;
  errorTitle?: string;
  /** Shown when there is no row (none loaded, or none matching the filter). */
  empty: ReactNode;
  paging?: TablePaging;
  virtual?: VirtualRows;
  /** Cards instead of a grid of cells: one list item per row, in the sorted and filtered order. */
  renderCard?: (row: T) => ReactNode;
  /** data-* attributes for the rows' container (tests find lists by them). */
  bodyData?: Record<`data-${string}`, string>;
  className?: string;
}

const sortLabel = { asc: 'ascending', desc: 'descending' } as const;

export const DataTable = <T extends RowData>(props: DataTableProps<T>) => {
  const { label, status, busy, onRetry, errorTitle, empty, paging, virtual, renderCard, bodyData, className } = props;
  const table = useDataTable(props);
  const rows = table.getRowModel().rows;
  const cards = !!renderCard;

  if (status === 'pending') {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={`Loading ${label.toLowerCase()}`} />
      </div>
    );
  }
  if (status === 'error') {
    return (
      <EmptyState
        icon={<RefreshCw />}
        title={errorTitle ?? `Could not load ${label.toLowerCase()}`}
        action={
          onRetry && (
            <Button variant="outline" onClick={onRetry}>
              Try again
            </Button>
          )
        }
      >
        Something went wrong on our side. Please try again.
      </EmptyState>
    );
  }
  if (rows.length === 0) return <>{empty}</>;

  const body = (window: RowWindow) => {
    const drawn = window.indexes.flatMap((index) => {
      const row = rows[index];
      return row ? [{ index, row }] : [];
    });
    const spacer = (height: number, key: string) =>
      height > 0 && (cards ? <li key={key} aria-hidden="true" style={{ height }} /> : <tr key={key} aria-hidden="true" style={{ height }} />);
    const columns: DataColumn<T>[] = props.columns;

    return cards ? (
      <ul className="space-y-4" aria-label={label} {...bodyData}>
        {spacer(window.paddingTop, 'top')}
        {drawn.map(({ index, row }) => (
          <li key={row.id} data-index={index} ref={window.measure}>
            {renderCard(row.original)}
          </li>
        ))}
        {spacer(window.paddingBottom, 'bottom')}
      </ul>
    ) : (
      <table className="w-full border-collapse text-left text-sm" aria-rowcount={virtual ? rows.length + 1 : undefined} {...bodyData}>
        <caption className="sr-only">{label}</caption>
        <thead className={clsx('bg-slate-50 text-xs tracking-wide text-slate-600 uppercase', virtual && 'sticky top-0 z-10')}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={virtual ? 1 : undefined}>
              {group.headers.map((header) => {
                const declared = columns.find((c) => c.id === header.column.id);
                const sorted = header.column.getIsSorted();
                const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={header.column.getCanSort() ? (sorted ? sortLabel[sorted] : 'none') : undefined}
                    className={clsx('px-3 py-2 font-semibold', declared?.align === 'end' && 'text-right')}
                    style={declared?.width ? { width: declared.width } : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                      >
                        {declared?.header}
                        <Icon className={clsx('h-3.5 w-3.5', !sorted && 'text-slate-400')} aria-hidden="true" />
                      </button>
                    ) : (
                      declared?.header
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {spacer(window.paddingTop, 'top')}
          {drawn.map(({ index, row }) => (
            <tr key={row.id} data-index={index} data-row-id={row.id} aria-rowindex={virtual ? index + 2 : undefined} ref={window.measure}>
              {columns.map((column) => (
                <td key={column.id} className={clsx('px-3 py-2 text-slate-800', column.align === 'end' && 'text-right tabular-nums')}>
                  {column.cell ? column.cell(row.original) : String(column.value?.(row.original) ?? '')}
                </td>
              ))}
            </tr>
          ))}
          {spacer(window.paddingBottom, 'bottom')}
        </tbody>
      </table>
    );
  };

  return (
    <div className={clsx('space-y-4', className)} aria-busy={busy || undefined}>
      {virtual ? (
        <Suspense fallback={<Spinner label={`Loading ${label.toLowerCase()}`} />}>
          <VirtualWindow count={rows.length} virtual={virtual} rowKey={(index) => rows[index]?.id ?? String(index)} paging={paging} label={label}>
            {body}
          </VirtualWindow>
        </Suspense>
      ) : (
        body(everyRow(rows.length))
      )}
      {paging && <TablePagingControls paging={paging} />}
    </div>
  );
};
