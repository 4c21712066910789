// Runs a session action and tells the member how it went (document 000 §8): the server's own text
// where it gave one (a 403 on approve/reject is shown as is), else the spec's fallback.
import { errorText } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import type { SessionAction } from './session-actions';
import { useSessionAction } from './session-actions';

type Kind = SessionAction['kind'];

const outcomes: Record<Kind, { done: string; detail?: string; failed: string }> = {
  approve: { done: 'Session approved', detail: 'It is now in your upcoming sessions.', failed: 'Failed to approve the session. Please try again.' },
  reject: { done: 'Request rejected', detail: 'The held points went back to the student.', failed: 'Failed to reject the session. Please try again.' },
  'cancel-request': { done: 'Request cancelled', detail: 'Your held points are available again.', failed: 'Failed to cancel session. Please try again.' },
  'cancel-session': { done: 'Session cancelled', detail: 'The held points were refunded.', failed: 'Failed to cancel session. Please try again.' },
  propose: { done: 'New time proposed', detail: 'The other participant can approve or decline it.', failed: 'Failed to propose a new time. Please try again.' },
  'approve-modification': { done: 'Reschedule approved', detail: 'The session moved to the new time.', failed: 'Failed to approve the new time. Please try again.' },
  'reject-modification': { done: 'Reschedule declined', detail: 'The session keeps its current time.', failed: 'Failed to decline the new time. Please try again.' },
  'cancel-modification': { done: 'Reschedule request cancelled', failed: 'Failed to cancel modification request' },
  complete: { done: 'Session completed', detail: 'The held points were transferred to you.', failed: 'Failed to complete the session. Please try again.' },
  rate: { done: 'Thanks for your rating!', failed: 'Failed to submit rating' },
};

export const useRunAction = (sessionId: string) => {
  const mutation = useSessionAction(sessionId);
  const run = async (action: SessionAction): Promise<boolean> => {
    const outcome = outcomes[action.kind];
    try {
      await mutation.mutateAsync(action);
      toast.success(outcome.done, outcome.detail);
      return true;
    } catch (error) {
      toast.error(errorText(error, outcome.failed));
      return false;
    }
  };
  const running = mutation.isPending ? mutation.variables?.kind : undefined;
  return { run, running, busy: mutation.isPending };
};
