// The declared columns as TanStack Table columns, with the two row models the kit uses (filtered, then
// sorted). Only the features it registers are bundled (TanStack Table 9 is built feature by feature),
// which keeps the dashboard's first screen near its old size.
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import type { ColumnDef, FilterFn, Row, RowData, SortFn, SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { ColumnSort, DataColumn } from './types';

export const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
});
type Features = typeof features;

type Value = string | number | Date | null | undefined;

const comparable = (value: Value): string | number | null => (value instanceof Date ? value.getTime() : (value ?? null));

/** Empty values last in both directions would need the sort's direction; they sort as the smallest. */
export const compareValues = (a: Value, b: Value): number => {
  const x = comparable(a);
  const y = comparable(b);
  if (x === y) return 0;
  if (x === null) return -1;
  if (y === null) return 1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x).localeCompare(String(y), undefined, { numeric: true, sensitivity: 'base' });
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one comparator for every row type
const sortByValue: SortFn<Features, any> = (a, b, columnId) => compareValues(a.getValue(columnId), b.getValue(columnId));

/** Every word of the filter must appear in one of the row's filterable values, case and accents aside. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
export const matchesFilter = (values: string[], filter: string): boolean => {
  const haystack = fold(values.join(' '));
  return fold(filter)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
};

export interface UseDataTableOptions<T extends RowData> {
  columns: DataColumn<T>[];
  rows: T[];
  rowId: (row: T) => string;
  /** Free text over the filterable columns. */
  filter?: string;
  /** Uncontrolled sorting's first order. */
  initialSort?: ColumnSort[];
  sort?: ColumnSort[];
  onSortChange?: (sort: ColumnSort[]) => void;
  /** The server sorted and filtered the rows: the kit keeps their order and shows them all. */
  manual?: boolean;
}

export const useDataTable = <T extends RowData>({ columns, rows, rowId, filter = '', initialSort = [], sort, onSortChange, manual = false }: UseDataTableOptions<T>) => {
  const [ownSort, setOwnSort] = useState<SortingState>(initialSort);
  const sorting = sort ?? ownSort;
  const defs = useMemo(
    () =>
      columns.map((column): ColumnDef<Features, T> => ({
        id: column.id,
        header: column.header,
        ...(column.value ? { accessorFn: (row: T) => column.value?.(row) } : {}),
        enableSorting: !!column.value && column.sortable !== false,
        enableGlobalFilter: !!column.value && column.filterable !== false,
        sortFn: sortByValue as SortFn<Features, T>,
        sortUndefined: false,
      })),
    [columns],
  );
  const globalFilterFn = useMemo<FilterFn<Features, T>>(() => {
    const searchable = columns.filter((c) => c.value && c.filterable !== false);
    // Called once per row and column by TanStack; matching the whole row at once lets the words of one
    // filter match in different columns ('ada typescript').
    return (row: Row<Features, T>, _columnId: string, value: string) =>
      matchesFilter(
        searchable.map((c) => String(comparable(c.value?.(row.original)) ?? '')),
        value,
      );
  }, [columns]);
  return useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row: T) => rowId(row),
    state: { sorting, globalFilter: filter },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (sort === undefined) setOwnSort(next);
      onSortChange?.(next);
    },
    globalFilterFn,
    getColumnCanGlobalFilter: () => true,
    manualSorting: manual,
    manualFiltering: manual,
    // A first click sorts up whatever the column holds (TanStack's default starts numbers downwards).
    sortDescFirst: false,
    enableSortingRemoval: true,
  });
};
