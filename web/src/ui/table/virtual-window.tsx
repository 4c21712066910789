// The scrolling body of a virtualised table, on TanStack Virtual. Its own module, loaded when a table
// asks for virtual rows, so a page whose tables are short (the dashboard) does not load the virtualizer.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { RowWindow } from './row-window';
import type { TablePaging, VirtualRows } from './types';

export interface VirtualWindowProps {
  count: number;
  virtual: VirtualRows;
  rowKey: (index: number) => string;
  paging?: TablePaging;
  label: string;
  children: (window: RowWindow) => ReactNode;
}

export const VirtualWindow = ({ count, virtual, rowKey, paging, label, children }: VirtualWindowProps) => {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer's methods change with its state; nothing memoises them here (no React Compiler runs).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => virtual.rowHeight,
    getItemKey: rowKey,
    overscan: virtual.overscan ?? 6,
    // The first paint (and a server-rendered one) draws the first screen's rows before anything is measured.
    initialRect: { width: 0, height: virtual.height },
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  const cursor = paging?.kind === 'cursor' ? paging : undefined;
  // Infinite mode: the next keyset page is asked for as the window nears the last loaded row.
  const askMore = !!cursor && count > 0 && last >= count - 1 - (virtual.loadAhead ?? 10) && cursor.hasMore && !cursor.loadingMore;
  const onLoadMore = cursor?.onLoadMore;
  useEffect(() => {
    if (askMore) onLoadMore?.();
  }, [askMore, onLoadMore, count]);

  const total = virtualizer.getTotalSize();
  const window: RowWindow = {
    indexes: items.map((item) => item.index),
    paddingTop: items[0]?.start ?? 0,
    paddingBottom: items.length ? total - (items.at(-1)?.end ?? 0) : 0,
    measure: virtualizer.measureElement,
  };
  return (
    // A scrolling region is reached with the keyboard (Tab, then the arrows) and named for a screen reader.
    <div
      ref={scrollRef}
      className="overflow-auto rounded-lg border border-slate-200"
      style={{ height: virtual.height }}
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid="table-scroll"
    >
      {children(window)}
    </div>
  );
};
