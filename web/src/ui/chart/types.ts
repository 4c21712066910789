// What a feature gives a chart: a title and a description (both shown, and the figure's accessible name
// and description), and the numbers, which a screen reader reads as a table instead of the drawing.
export interface ChartText {
  title: string;
  description: string;
  /** The drawing's height in px; it takes the width it is given (down to a 390 px phone). */
  height?: number;
}

/** One line or one set of bars: the key of its numbers in each datum, and what it is called. */
export interface ChartSeries {
  key: string;
  label: string;
  color?: string;
}

/** A point of a bar or line chart: its category (a day, a page) and one number per series. */
export type ChartDatum = Record<string, string | number>;

export interface FunnelStage {
  label: string;
  value: number;
}

/** The house's palette for series, in order (Tailwind's brand, sky, amber, emerald, rose at 500-600). */
export const seriesColors = ['#4f46e5', '#0284c7', '#d97706', '#059669', '#e11d48'];

export const colorOf = (series: ChartSeries, index: number): string => series.color ?? seriesColors[index % seriesColors.length]!;
