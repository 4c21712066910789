import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  message?: string;
}

// Errors stay longer so there is time to read what went wrong (document 002 §9).
export const toastDuration = (kind: ToastKind): number => (kind === 'error' ? 7_000 : 5_000);

interface ToastState {
  toasts: Toast[];
  show: (toast: Omit<Toast, 'id'>) => number;
  dismiss: (id: number) => void;
}

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

const sameToast = (a: Omit<Toast, 'id'>, b: Omit<Toast, 'id'>): boolean => a.kind === b.kind && a.title === b.title && (a.message ?? '') === (b.message ?? '');

export const useToastStore = create<ToastState>()((set, get) => {
  const schedule = (id: number, kind: ToastKind): void => {
    clearTimeout(timers.get(id));
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), toastDuration(kind)),
    );
  };
  return {
    toasts: [],
    show: (toast) => {
      // An identical toast already on screen is kept (and its timer restarted) instead of stacking a twin.
      const twin = get().toasts.find((t) => sameToast(t, toast));
      if (twin) {
        schedule(twin.id, twin.kind);
        return twin.id;
      }
      const id = nextId++;
      set((state) => ({ toasts: [...state.toasts, { ...toast, id }] }));
      schedule(id, toast.kind);
      return id;
    },
    dismiss: (id) => {
      clearTimeout(timers.get(id));
      timers.delete(id);
      set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
    },
  };
});

export const toast = {
  success: (title: string, message?: string) => useToastStore.getState().show({ kind: 'success', title, message }),
  error: (title: string, message?: string) => useToastStore.getState().show({ kind: 'error', title, message }),
  warning: (title: string, message?: string) => useToastStore.getState().show({ kind: 'warning', title, message }),
  info: (title: string, message?: string) => useToastStore.getState().show({ kind: 'info', title, message }),
};
