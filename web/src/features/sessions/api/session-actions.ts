// Every write on a session: POST /api/sessions/{id}/{action}. Each answers with the updated session,
// which goes straight into the cache; the changes it made (the session, both participants' points and
// lists) are invalidated at once through the app's stale-keys map, the same one the websocket applies
// when the notices arrive, which is how the other participant's screen follows.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session, ThreadMessage } from '@contracts/sessions';
import { sendJson } from '@/lib/http';
import { useInvalidateChanges } from '@/lib/stale-keys';
import { sessionKeys } from './keys';

const path = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

export type SessionAction =
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'cancel-request' }
  | { kind: 'cancel-session'; reason: string }
  | { kind: 'propose'; date: string; time: string; message: string }
  | { kind: 'approve-modification'; modificationId: string }
  | { kind: 'reject-modification'; modificationId: string }
  | { kind: 'cancel-modification' }
  | { kind: 'complete' }
  | { kind: 'rate'; rating: number; review: string };

export const runSessionAction = (id: string, action: SessionAction): Promise<Session> => {
  const post = (suffix: string, body: unknown = {}) => sendJson<Session>(`${path(id)}/${suffix}`, { body });
  switch (action.kind) {
    case 'approve':
      return post('approve');
    case 'reject':
      return post('reject', { rejection_message: action.reason });
    case 'cancel-request':
      return post('cancel');
    case 'cancel-session':
      return post('cancel-session', { reason: action.reason });
    case 'propose':
      return post('propose-modification', { proposed_date: action.date, proposed_time: action.time, message: action.message });
    case 'approve-modification':
      return post(`modifications/${encodeURIComponent(action.modificationId)}/approve`);
    case 'reject-modification':
      return post(`modifications/${encodeURIComponent(action.modificationId)}/reject`);
    case 'cancel-modification':
      return post('cancel-modification');
    case 'complete':
      return post('complete');
    case 'rate':
      return post('rate', { rating: action.rating, review: action.review.trim() || undefined });
  }
};

export const useSessionAction = (id: string) => {
  const queryClient = useQueryClient();
  const invalidateChanges = useInvalidateChanges();
  return useMutation({
    mutationFn: (action: SessionAction) => runSessionAction(id, action),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKeys.one(session.id), session);
      // The members' changes name no topic: an action may move their sessions, points and figures at once.
      return invalidateChanges([
        { scope: 'session', id: session.id },
        { scope: 'user', id: session.student_id },
        { scope: 'user', id: session.instructor_id },
      ]);
    },
  });
};

export const useSendThreadMessage = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => sendJson<ThreadMessage>(`${path(id)}/message`, { body: { message } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.thread(id) }),
  });
};
