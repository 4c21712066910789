import { useMutation } from '@tanstack/react-query';
import { sendJson } from '@/lib/http';

export const useSendFeedback = () => useMutation({ mutationFn: (message: string) => sendJson<{ ok: true }>('/api/feedback', { body: { message } }) });
