// The figure around every chart: its title and description, the drawing hidden from assistive technology
// (an SVG of shapes reads as noise), and the same numbers as a table that only a screen reader sees.
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { ChartText } from './types';

export interface ChartFrameProps extends ChartText {
  /** The table's column headers, then its rows (first cell a row header). */
  columns: string[];
  rows: (string | number)[][];
  children: ReactNode;
}

const numbers = new Intl.NumberFormat('en');
export const formatNumber = (value: string | number) => (typeof value === 'number' ? numbers.format(value) : value);

export const ChartFrame = ({ title, description, columns, rows, children }: ChartFrameProps) => {
  const id = useId();
  return (
    <figure className="min-w-0 space-y-3" aria-labelledby={`${id}-title`} aria-describedby={`${id}-description`} data-testid="chart">
      <figcaption>
        <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        <p id={`${id}-description`} className="text-sm text-slate-500">
          {description}
        </p>
      </figcaption>
      <div aria-hidden="true" className="w-full min-w-0">
        {children}
      </div>
      {/* The box is what is hidden: a table is never narrower than its content, so a table itself made 1 px
          wide still widened a phone's page by its overflow. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([head, ...cells], i) => (
              <tr key={i}>
                <th scope="row">{head === undefined ? '' : formatNumber(head)}</th>
                {cells.map((cell, j) => (
                  <td key={j}>{formatNumber(cell)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
};
