import clsx from 'clsx';
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import type { ToastKind } from '@/lib/toast-store';
import { useToastStore } from '@/lib/toast-store';

const look: Record<ToastKind, { icon: typeof Info; className: string }> = {
  success: { icon: CheckCircle2, className: 'text-emerald-600' },
  error: { icon: XCircle, className: 'text-red-600' },
  warning: { icon: AlertTriangle, className: 'text-amber-600' },
  info: { icon: Info, className: 'text-sky-600' },
};

export const Toaster = () => {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    // Top of a phone's screen under the nav bar, bottom left on wider screens: primary actions sit bottom
    // right (a dialog's Post, the booking page's Send Request, the chat windows) or, on a phone, at the bottom.
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-16 z-[60] flex flex-col items-center gap-2 p-4 sm:top-auto sm:right-auto sm:bottom-0 sm:w-[27rem] sm:items-start sm:p-6"
      data-testid="toaster"
    >
      {toasts.map((t) => {
        const { icon: Icon, className } = look[t.kind];
        return (
          <div
            key={t.id}
            role={t.kind === 'error' ? 'alert' : 'status'}
            data-testid={`toast-${t.kind}`}
            className="pointer-events-auto flex w-full max-w-sm animate-toast-in items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
          >
            <Icon className={clsx('mt-0.5 h-5 w-5 shrink-0', className)} />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold text-slate-900">{t.title}</p>
              {t.message && <p className="mt-0.5 text-sm text-slate-600">{t.message}</p>}
            </div>
            <button type="button" onClick={() => dismiss(t.id)} className="rounded p-0.5 text-slate-500 hover:text-slate-600" aria-label="Dismiss">
              <X className="h-4 w-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
};
