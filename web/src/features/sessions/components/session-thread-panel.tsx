import clsx from 'clsx';
import { SendHorizontal, Star } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { threadMessageFormSchema } from '@contracts/session-forms';
import { THREAD_MESSAGE_MAX } from '@contracts/sessions';
import type { ThreadMessage } from '@contracts/sessions';
import { errorText } from '@/lib/http';
import { relativeAge } from '@/lib/session-format';
import { toast } from '@/lib/toast-store';
import { Button } from '@/ui/button';
import { Field, Form } from '@/ui/form';
import { Input } from '@/ui/input';
import { Spinner } from '@/ui/spinner';
import { useSendThreadMessage } from '../api/session-actions';

// A rating's system message starts with a machine-readable marker (spec 000 §3).
const RATING_MARKER = /^\[rating rater=\S+ stars=([1-5]) review=(?:yes|no)\]\s?/;

const SystemLine = ({ message }: { message: ThreadMessage }) => {
  const rating = RATING_MARKER.exec(message.message);
  const text = rating ? message.message.slice(rating[0].length) : message.message;
  return (
    <li className="flex justify-center" data-testid="thread-system-message">
      <span className="inline-flex max-w-[90%] items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-center text-xs text-slate-600">
        {rating && <Star className="h-3.5 w-3.5 fill-amber-400 text-amber-400" />}
        {text}
        <span className="text-slate-600">· {relativeAge(message.created_at)}</span>
      </span>
    </li>
  );
};

const MessageLine = ({ message, mine }: { message: ThreadMessage; mine: boolean }) => (
  <li className={clsx('flex flex-col', mine ? 'items-end' : 'items-start')} data-testid="thread-message">
    <span className="mb-0.5 text-xs text-slate-600">
      {mine ? 'You' : (message.sender_name ?? 'Member')} · {relativeAge(message.created_at)}
    </span>
    <p
      className={clsx(
        'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-line',
        mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-800',
      )}
    >
      {message.message}
    </p>
  </li>
);

export interface SessionThreadPanelProps {
  id: string;
  sessionId: string;
  viewerId: string;
  messages: readonly ThreadMessage[] | undefined;
  loading: boolean;
}

/** The open thread: its messages and the form to write one (react-hook-form, loaded when opened). */
export const SessionThreadPanel = ({ id, sessionId, viewerId, messages, loading }: SessionThreadPanelProps) => {
  const form = useForm({ resolver: zodResolver(threadMessageFormSchema), defaultValues: { message: '' } });
  const draft = useWatch({ control: form.control, name: 'message' });
  const send = useSendThreadMessage(sessionId);
  const listRef = useRef<HTMLUListElement>(null);
  const count = messages?.length;

  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [count]);

  // An empty message is not sent and says nothing: the send button is already disabled for it.
  const submit = async ({ message }: { message: string }) => {
    if (send.isPending) return;
    try {
      await send.mutateAsync(message);
      form.reset({ message: '' });
    } catch (error) {
      toast.error(errorText(error, 'Failed to send your message. Please try again.'));
    }
  };

  // Enter sends, but not while an input method is still composing a character.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      if (!event.nativeEvent.isComposing) event.currentTarget.form?.requestSubmit();
    }
  };

  return (
    <div id={id} className="mt-3 space-y-3">
      {loading ? (
        <div className="flex justify-center py-4">
          <Spinner size="sm" label="Loading messages" />
        </div>
      ) : messages?.length ? (
        <ul ref={listRef} className="max-h-72 space-y-3 overflow-y-auto pr-1" aria-label="Session messages" data-testid="thread-list">
          {messages.map((m) =>
            m.is_system_message || m.sender_id === null ? <SystemLine key={m.id} message={m} /> : <MessageLine key={m.id} message={m} mine={m.sender_id === viewerId} />,
          )}
        </ul>
      ) : (
        <p className="py-2 text-center text-sm text-slate-500">No messages yet. Say hello!</p>
      )}
      <Form form={form} onSubmit={submit} messageSlot="none" className="flex items-start gap-2" aria-label="Session message">
        <Field name="message" label="Write a message" labelHidden className="flex-1" error={() => undefined}>
          {(field) => <Input {...field} placeholder="Write a message and press Enter" maxLength={THREAD_MESSAGE_MAX} onKeyDown={onKeyDown} data-testid="thread-input" />}
        </Field>
        <Button type="submit" size="icon" aria-label="Send message" disabled={!draft.trim()} loading={send.isPending}>
          {!send.isPending && <SendHorizontal className="h-4 w-4" />}
        </Button>
      </Form>
    </div>
  );
};
