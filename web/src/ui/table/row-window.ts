// Which rows are in the document: all of them, or (virtualised) the window that virtual-window.tsx
// measures, with the heights of the rows above and below it as padding so the scrollbar stays true.
export interface RowWindow {
  /** The indexes drawn, in order. */
  indexes: number[];
  paddingTop: number;
  paddingBottom: number;
  /** Measures a drawn row (its element carries data-index). */
  measure?: (element: Element | null) => void;
}

export const everyRow = (count: number): RowWindow => ({
  indexes: Array.from({ length: count }, (_, i) => i),
  paddingTop: 0,
  paddingBottom: 0,
});
