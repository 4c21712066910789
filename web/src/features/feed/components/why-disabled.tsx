// A submit button that says why it is disabled (spec 001 §2.4 'Complete {missing parts} to post',
// §2.5 'Complete {missing} to save'): a tooltip on hover and focus, and the same text as the button's
// description for screen readers. A disabled button takes no pointer or focus, so the tooltip hangs on
// a focusable wrapper while the reason stands.
import * as Tooltip from '@radix-ui/react-tooltip';
import { useId } from 'react';
import type { ReactNode } from 'react';

export const WhyDisabled = ({ reason, children }: { reason: string | null; children: (describedBy: string | undefined) => ReactNode }) => {
  const id = useId();
  if (!reason) return <>{children(undefined)}</>;
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <span
            tabIndex={0}
            className="inline-flex rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            data-testid="why-disabled"
          >
            {children(id)}
          </span>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="top"
            sideOffset={6}
            className="z-[70] max-w-xs rounded-lg bg-slate-900 px-3 py-1.5 text-xs text-white shadow-lg"
            data-testid="why-disabled-tooltip"
          >
            {reason}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
      <span id={id} className="sr-only">
        {reason}
      </span>
    </Tooltip.Provider>
  );
};
