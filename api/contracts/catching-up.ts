// The 'catching up' signal (issue 30 point 1): while a new version of a read model builds beside its
// old tables, which keep answering without the newest writes, every answer of a route that reads it
// names it with its progress in one header. Zod-free like limits.ts: the signed-in frame reads it and
// must not pull the request schemas in.

export { CATCHING_UP_HEADER } from './catching-up-header.js';

export interface CatchingUp {
  readModel: string;
  /** Events the new version has read; total 0 when not yet counted. */
  done: number;
  total: number;
}

/** A list of items with parameters, as HTTP structured fields write it (RFC 8941): `a;done=1;total=9, b;done=0;total=0`. */
export const formatCatchingUp = (items: readonly CatchingUp[]): string =>
  items.map(({ readModel, done, total }) => `${readModel};done=${Math.max(0, Math.floor(done))};total=${Math.max(0, Math.floor(total))}`).join(', ');

const NAME = /^[a-z][a-z0-9-]*$/;
const COUNT = /^\d{1,15}$/;

/** The header's items; a malformed item is left out rather than shown. */
export const parseCatchingUp = (value: string | null | undefined): CatchingUp[] => {
  if (!value) return [];
  const items: CatchingUp[] = [];
  for (const part of value.split(',')) {
    const [first, ...params] = part.split(';');
    const name = first?.trim();
    if (!name || !NAME.test(name)) continue;
    const item: CatchingUp = { readModel: name, done: 0, total: 0 };
    for (const param of params) {
      const [key, number] = param.trim().split('=');
      if ((key === 'done' || key === 'total') && number !== undefined && COUNT.test(number)) item[key] = Number(number);
    }
    items.push(item);
  }
  return items;
};

/** Whole percent done, held at 99 until the new version is live (its last batches and the swap are still to come). */
export const catchingUpPercent = ({ done, total }: CatchingUp): number | null => (total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : null);

export const catchingUpTexts = {
  /** 'Catching up: sessions 42%, skill search 3%': what the signed-in frame's status line says. */
  banner: (items: readonly CatchingUp[]): string =>
    `Catching up: ${items
      .map((item) => {
        const percent = catchingUpPercent(item);
        return `${item.readModel.replace(/-/g, ' ')}${percent === null ? '' : ` ${percent}%`}`;
      })
      .join(', ')}`,
  explanation: 'Some of what you see may be a little behind while we update it.',
} as const;
