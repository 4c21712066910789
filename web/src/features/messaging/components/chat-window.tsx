// One chat window (spec 001 §2.7, §5): the other member in the header with minimise and close, the
// messages (older pages on demand), 'Seen' under my last message they read, their typing, and the
// composer: Enter sends, Shift+Enter breaks the line, an empty message is not sent, and a message that
// fails to send comes back into the box.
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { Minus, SendHorizontal, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { TYPING_RELAY_INTERVAL_MS } from '@contracts/live';
import { MESSAGE_CONTENT_MAX, messageContentSchema, messagingTexts, type Conversation } from '@contracts/messaging';
import { ApiError } from '@/lib/http';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import { Form } from '@/ui/form';
import { Spinner } from '@/ui/spinner';
import { useMessages } from '../api/message-pages';
import { flattenPages, useConversationWith, useMarkRead, useSendMessage } from '../api/messaging-api';
import { useTypingSender } from '../api/use-messaging-live';
import { messageToMarkRead, messagingUiTexts, seenMessageId } from '../messaging-rules';
import { useMessagingStore } from '../messaging-store';

const composerSchema = z.object({ content: messageContentSchema });
const CHAT_COUNT_FROM = MESSAGE_CONTENT_MAX * 0.8;
type ComposerForm = z.input<typeof composerSchema>;

/** Shown from a typing frame until its time runs out (or their message arrives, which clears it). */
const useIsTyping = (conversationId: string | undefined) => {
  const until = useMessagingStore((s) => (conversationId ? (s.typingUntil[conversationId] ?? 0) : 0));
  const [expired, setExpired] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(until), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  return until > 0 && expired !== until;
};

/** Whether a typing frame may go now: at most one per relay interval (the server drops more anyway). */
const typingDue = (last: { current: number }): boolean => {
  const now = Date.now();
  if (now - last.current < TYPING_RELAY_INTERVAL_MS) return false;
  last.current = now;
  return true;
};

const Composer = ({ userId, conversation }: { userId: string; conversation: Conversation }) => {
  const send = useSendMessage(userId, conversation.id);
  const sendTyping = useTypingSender();
  const lastTyping = useRef(0);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ComposerForm>({
    resolver: zodResolver(composerSchema),
    defaultValues: { content: '' },
  });
  const { register, setValue, setFocus, getValues, control, formState } = form;
  const content = useWatch({ control, name: 'content' });
  const length = content.length;
  // An empty message is simply not sent; one over the limit says why (a paste is kept whole, never cut).
  const tooLong = content.trim().length > MESSAGE_CONTENT_MAX || formState.errors.content?.message === messagingTexts.contentTooLong;
  const shownFailure = failure ?? (tooLong ? messagingTexts.contentTooLong : null);
  const submit = ({ content }: ComposerForm) => {
    setFailure(null);
    // As typed (the schema trims what is sent), to put back if the send fails.
    const typed = getValues('content');
    setValue('content', '');
    send.mutate(content, {
      onError: (error) => {
        // The text comes back so nothing typed is lost, ahead of anything typed since.
        const since = getValues('content');
        setValue('content', since ? `${typed}\n${since}` : typed);
        setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : messagingUiTexts.sendFailed);
        setFocus('content');
      },
    });
  };
  const field = register('content', {
    onChange: () => {
      if (typingDue(lastTyping)) sendTyping(conversation.id);
    },
  });
  const errorId = `chat-error-${conversation.id}`;
  const countId = `chat-count-${conversation.id}`;
  // The composer's 'n/1000 characters', shown once a message nears the limit: a chat line rarely does.
  const countShown = length >= CHAT_COUNT_FROM;
  return (
    <Form form={form} onSubmit={submit} noValidate={false} messageSlot="none" className="border-t border-slate-100 p-2">
      {shownFailure && (
        <p id={errorId} role="alert" className="px-1 pb-1 text-xs text-red-700" data-testid="chat-error">
          {shownFailure}
        </p>
      )}
      <div className="flex items-end gap-2">
        <textarea
          {...field}
          rows={1}
          aria-label={`Message ${conversation.other_user.name}`}
          aria-describedby={clsx(shownFailure && errorId, countShown && countId) || undefined}
          aria-invalid={tooLong || undefined}
          placeholder="Type a message..."
          data-testid="chat-input"
          className="max-h-28 min-h-[2.5rem] flex-1 resize-none rounded-xl border border-slate-200 px-3 py-2 text-sm focus:border-brand-400 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={send.isPending || tooLong}>
          <SendHorizontal className="h-4 w-4" />
        </Button>
      </div>
      {countShown && (
        <p id={countId} className={clsx('px-1 pt-1 text-right text-xs tabular-nums', tooLong ? 'text-red-700' : 'text-slate-500')} data-testid="chat-count">
          {length}/{MESSAGE_CONTENT_MAX} characters
        </p>
      )}
    </Form>
  );
};

const MessageList = ({ userId, conversation }: { userId: string; conversation: Conversation }) => {
  const messages = useMessages(conversation.id);
  const markRead = useMarkRead(userId);
  const list = flattenPages(messages.data);
  const typing = useIsTyping(conversation.id);
  const seenId = seenMessageId(list, userId);
  const toRead = messageToMarkRead(list, userId);
  const marked = useRef<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const newestId = list.at(-1)?.id;

  // The window is open: reading the newest incoming message reads everything before it.
  useEffect(() => {
    if (!toRead || marked.current === toRead) return;
    marked.current = toRead;
    markRead.mutate(toRead);
  }, [toRead, markRead]);
  // Follow the newest message (not when older pages are added at the top).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestId, typing]);

  if (messages.isPending)
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner size="sm" label="Loading messages..." />
      </div>
    );
  if (messages.isError)
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-4 text-sm text-slate-600">
        {messagingUiTexts.loadFailed}
        <Button size="sm" variant="outline" onClick={() => void messages.refetch()}>
          Try again
        </Button>
      </div>
    );
  return (
    <div ref={scroller} className="flex-1 space-y-1.5 overflow-y-auto px-3 py-2" data-testid="chat-messages" aria-live="polite" aria-relevant="additions">
      {messages.hasNextPage && (
        <div className="flex justify-center">
          <Button size="sm" variant="ghost" loading={messages.isFetchingNextPage} onClick={() => void messages.fetchNextPage()}>
            {messagingUiTexts.loadOlder}
          </Button>
        </div>
      )}
      {list.length === 0 && <p className="py-6 text-center text-sm text-slate-500">{messagingUiTexts.noMessages}</p>}
      {list.map((m) => {
        const mine = m.sender_id === userId;
        return (
          <div key={m.id} className={clsx('flex flex-col', mine ? 'items-end' : 'items-start')}>
            <p
              className={clsx(
                'max-w-[85%] rounded-2xl px-3 py-1.5 text-sm break-words whitespace-pre-wrap',
                mine ? 'rounded-br-md bg-brand-600 text-white' : 'rounded-bl-md bg-slate-100 text-slate-900',
              )}
              data-testid={mine ? 'own-message' : 'their-message'}
            >
              {m.content}
            </p>
            {m.id === seenId && (
              <span className="mt-0.5 text-[11px] text-slate-500" data-testid="chat-seen">
                {messagingUiTexts.seen}
              </span>
            )}
          </div>
        );
      })}
      {typing && (
        <p className="text-xs text-slate-500 italic" data-testid="chat-typing">
          {messagingUiTexts.typing(conversation.other_user.name)}
        </p>
      )}
    </div>
  );
};

export const ChatWindow = ({ userId, memberId }: { userId: string; memberId: string }) => {
  const conversation = useConversationWith(userId, memberId);
  const { minimise, close } = useMessagingStore.getState();
  const name = conversation.data?.other_user.name ?? 'Chat';
  return (
    <section
      aria-label={`Chat with ${name}`}
      data-testid="chat-window"
      data-member={memberId}
      className="pointer-events-auto flex h-[26rem] w-[min(20rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-t-2xl border border-slate-200 bg-white shadow-xl"
    >
      <header className="flex items-center gap-2 border-b border-slate-100 bg-brand-600 px-3 py-2 text-white">
        <Avatar name={name} src={conversation.data?.other_user.avatar} size="sm" alt="" />
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">{name}</h2>
        <button
          type="button"
          onClick={() => minimise(memberId)}
          aria-label={`Minimise chat with ${name}`}
          className="rounded-lg p-1 hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
        >
          <Minus className="h-4 w-4" />
        </button>
        <button
          type="button"
          onClick={() => close(memberId)}
          aria-label={`Close chat with ${name}`}
          className="rounded-lg p-1 hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
        >
          <X className="h-4 w-4" />
        </button>
      </header>
      {conversation.isPending ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner size="sm" label="Opening chat..." />
        </div>
      ) : conversation.isError ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-4 text-center text-sm text-slate-600">
          {conversation.error instanceof ApiError && conversation.error.serverMessage ? conversation.error.serverMessage : messagingUiTexts.loadFailed}
          <Button size="sm" variant="outline" onClick={() => void conversation.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <MessageList userId={userId} conversation={conversation.data} />
          <Composer userId={userId} conversation={conversation.data} />
        </>
      )}
    </section>
  );
};
