import clsx from 'clsx';

/** 'n/500' under a text field; turns amber close to the limit. */
export const CharCount = ({ length, max, id }: { length: number; max: number; id?: string }) => (
  <p id={id} className={clsx('text-right text-xs tabular-nums', length >= max * 0.9 ? 'text-amber-700' : 'text-slate-500')} aria-live="polite">
    {length}/{max}
  </p>
);
