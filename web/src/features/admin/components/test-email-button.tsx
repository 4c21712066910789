// The dashboard header's 'Test Email' button (spec 002 §2): sends the admin a test e-mail and shows
// the outcome beside it for 5 s (§4, §9) in a live region, with SMTP's reason on failure (§8).
import { CheckCircle2, Mail, MailX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { testEmailTexts } from '@contracts/test-email';
import { Button } from '@/ui/button';
import { useSendTestEmail } from '../api/admin-api';
import { createTestEmailStore, stateOfError, stateOfResult, type TestEmailState } from './test-email-state';

const labelOf = (state: TestEmailState): string => {
  switch (state.status) {
    case 'idle':
      return testEmailTexts.idle;
    case 'sending':
      return testEmailTexts.sending;
    case 'success':
      return testEmailTexts.sent;
    case 'failed':
      return state.configured ? testEmailTexts.failedLabel : testEmailTexts.notConfiguredLabel;
  }
};

/** What the button shows in each state; the sending itself is TestEmailButton's. */
export const TestEmailButtonView = ({ state, onSend }: { state: TestEmailState; onSend: () => void }) => (
  <div className="flex flex-col items-start gap-1 sm:items-end" data-testid="test-email" data-state={state.status}>
    <Button
      size="sm"
      variant={state.status === 'failed' ? 'danger' : state.status === 'success' ? 'secondary' : 'outline'}
      loading={state.status === 'sending'}
      onClick={onSend}
    >
      {state.status === 'success' ? <CheckCircle2 className="h-4 w-4" aria-hidden /> : state.status === 'failed' ? <MailX className="h-4 w-4" aria-hidden /> : null}
      {state.status === 'idle' && <Mail className="h-4 w-4" aria-hidden />}
      {labelOf(state)}
    </Button>
    <p role="status" className={state.status === 'failed' ? 'max-w-xs text-xs text-red-700' : 'max-w-xs text-xs text-emerald-700'}>
      {state.status === 'success' || state.status === 'failed' ? state.message : ''}
    </p>
  </div>
);

export const TestEmailButton = () => {
  const [store] = useState(() => createTestEmailStore());
  const state = useStore(store, (s) => s.state);
  const send = useSendTestEmail();
  useEffect(() => () => store.getState().dispose(), [store]);
  const onSend = () => {
    if (store.getState().state.status === 'sending') return;
    store.getState().start();
    send.mutate(undefined, {
      onSuccess: (result) => store.getState().finish(stateOfResult(result)),
      onError: () => store.getState().finish(stateOfError()),
    });
  };
  return <TestEmailButtonView state={state} onSend={onSend} />;
};
