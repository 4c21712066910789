// Every write on a session: POST /api/sessions/{id}/{action}. Each answers with the updated session,
// which goes straight into the cache; the rest (dashboard, balances, lists) is invalidated here and
// again by the websocket notice, so the other participant's screen follows too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { Session, ThreadMessage } from '@contracts/sessions';
import { sendJson } from '@/lib/http';
import { sessionKey } from './session-queries';

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

const refreshAround = (queryClient: QueryClient, session: Session) => {
  queryClient.setQueryData(sessionKey(session.id), session);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKey(session.id) }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['users', session.student_id] }),
    queryClient.invalidateQueries({ queryKey: ['users', session.instructor_id] }),
    queryClient.invalidateQueries({ queryKey: ['user'] }),
  ]);
};

export const useSessionAction = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SessionAction) => runSessionAction(id, action),
    onSuccess: (session) => refreshAround(queryClient, session),
  });
};

export const useSendThreadMessage = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => sendJson<ThreadMessage>(`${path(id)}/message`, { body: { message } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...sessionKey(id), 'thread'] }),
  });
};
