// What a feature declares to draw a table: its columns, its rows and how it pages. The kit owns the rest
// (TanStack Table's row models, TanStack Virtual's window, the states and the markup).
import type { ReactNode } from 'react';

export interface DataColumn<T> {
  id: string;
  header: string;
  /** The value sorting and filtering use; a column without one neither sorts nor filters. */
  value?: (row: T) => string | number | Date | null | undefined;
  /** What the cell shows; the value's text when omitted. */
  cell?: (row: T) => ReactNode;
  sortable?: boolean;
  /** Part of the free-text filter (default: when it has a value). */
  filterable?: boolean;
  /** Numbers read better aligned to the right. */
  align?: 'start' | 'end';
  /** A fixed width, as a CSS length, so a virtualised body's columns do not move while scrolling. */
  width?: string;
}

export interface ColumnSort {
  id: string;
  desc: boolean;
}

/** Server pages with a count: the spec's 'Page N of M' with Previous and Next. */
export interface PagesPaging {
  kind: 'pages';
  page: number;
  pageCount: number;
  /** Beside 'Page N of M' from 640 px ('12 sessions'). */
  totalLabel?: string;
  onPage: (page: number) => void;
}

/**
 * Keyset paging: the server answers a page and the cursor after its last row (never an offset), and the
 * table asks for the next one with a 'Load more' button or, when virtualised, as the window nears the end.
 */
export interface CursorPaging {
  kind: 'cursor';
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export type TablePaging = PagesPaging | CursorPaging;

/** The query's state, in React Query's words, so `status={query.status}` is all a feature writes. */
export type TableStatus = 'pending' | 'error' | 'success';

export interface VirtualRows {
  /** The scrolling body's height in px; rows outside it (and the overscan) are not in the document. */
  height: number;
  /** A first guess of a row's height in px; each drawn row is measured. */
  rowHeight: number;
  overscan?: number;
  /** Load the next cursor page when the window is this many rows from the end (default 10). */
  loadAhead?: number;
}
