import clsx from 'clsx';

const sizes = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-[3px]' } as const;

export const Spinner = ({ size = 'md', className, label }: { size?: keyof typeof sizes; className?: string; label?: string }) => (
  <span
    role={label ? 'status' : undefined}
    aria-label={label}
    className={clsx('inline-block animate-spin rounded-full border-current border-r-transparent text-brand-600', sizes[size], className)}
  />
);

/** Shown by the route guards while the member's authentication status loads. */
export const FullPageSpinner = ({ label = 'Loading...' }: { label?: string }) => (
  <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-slate-500" data-testid="page-spinner">
    <Spinner size="lg" label={label} />
    <span className="text-sm">{label}</span>
  </div>
);
