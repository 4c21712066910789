// The chat windows at the bottom right (spec 001 §2.7): several side by side, newest nearest the corner,
// each minimised to an avatar bubble or closed. It takes the app's requests to open a chat (lib's
// openChat from a profile's Message button, or `?chat={memberId}` in the URL from a message
// notification) and keeps messaging live over the socket. The app shell mounts it once.
import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { CHAT_PARAM, useChatRequests } from '@/lib/chat-requests';
import { Avatar } from '@/ui/avatar';
import { CountBadge } from '@/ui/badge';
import { useConversations, useConversationWith } from '../api/messaging-api';
import { useMessagingLive } from '../api/use-messaging-live';
import { useMessagingStore } from '../messaging-store';
import { Spinner } from '@/ui/spinner';

// The window (its composer's form library and schema) loads when a chat first opens, not with every page.
const ChatWindow = lazy(() => import('./chat-window').then((module) => ({ default: module.ChatWindow })));

const Opening = () => (
  <div className="pointer-events-auto flex h-[26rem] w-[min(20rem,calc(100vw-1rem))] items-center justify-center rounded-t-2xl border border-slate-200 bg-white shadow-xl">
    <Spinner size="sm" label="Opening chat..." />
  </div>
);

const Bubble = ({ userId, memberId }: { userId: string; memberId: string }) => {
  const conversation = useConversationWith(userId, memberId).data;
  const unread = useConversations(userId).data?.find((c) => c.other_user.id === memberId)?.unread_count ?? 0;
  const name = conversation?.other_user.name ?? 'Chat';
  return (
    <button
      type="button"
      onClick={() => useMessagingStore.getState().openWindow(memberId)}
      aria-label={unread > 0 ? `Open chat with ${name}, ${unread} unread` : `Open chat with ${name}`}
      data-testid="chat-bubble"
      className="pointer-events-auto relative rounded-full shadow-lg ring-2 ring-white focus-visible:ring-brand-400 focus-visible:outline-none"
    >
      <Avatar name={name} src={conversation?.other_user.avatar} size="md" alt="" />
      <CountBadge count={unread} className="absolute -top-1 -right-1" />
    </button>
  );
};

export const ChatDock = ({ userId }: { userId: string }) => {
  useMessagingLive(userId);
  const windows = useMessagingStore((s) => s.windows);
  const request = useChatRequests((s) => s.request);
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get(CHAT_PARAM);

  useEffect(() => {
    if (!request) return;
    if (request.memberId !== userId) useMessagingStore.getState().openWindow(request.memberId);
    // Taken: a dock mounted again later (after a sign-in) does not reopen it.
    useChatRequests.setState({ request: null });
  }, [request, userId]);
  useEffect(() => {
    if (!fromUrl) return;
    if (fromUrl !== userId) useMessagingStore.getState().openWindow(fromUrl);
    // The parameter has done its work; the page keeps its own parameters.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHAT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [fromUrl, userId, setParams]);

  const open = windows.filter((w) => !w.minimised);
  const bubbles = windows.filter((w) => w.minimised);
  if (windows.length === 0) return null;
  return (
    <>
      {/* Room below the page as tall as the windows, so whatever they cover at the bottom right ('Send
          feedback', a form's last button) can be scrolled up above them. */}
      <div aria-hidden="true" className={open.length > 0 ? 'h-[27rem]' : 'h-20'} data-testid="chat-dock-space" />
      <div className="pointer-events-none fixed right-0 bottom-0 z-40 flex items-end gap-3 px-2 sm:px-4" data-testid="chat-dock">
        {/* On a phone only the newest window shows; the others wait as bubbles would. */}
        <div className="flex flex-row-reverse items-end gap-3">
          {open.map((w, i) => (
            <div key={w.memberId} className={i > 0 ? 'hidden md:block' : undefined}>
              <Suspense fallback={<Opening />}>
                <ChatWindow userId={userId} memberId={w.memberId} />
              </Suspense>
            </div>
          ))}
        </div>
        {bubbles.length > 0 && (
          <div className="flex flex-col gap-2 pb-4" aria-label="Minimised chats" role="group">
            {bubbles.map((w) => (
              <Bubble key={w.memberId} userId={userId} memberId={w.memberId} />
            ))}
          </div>
        )}
      </div>
    </>
  );
};
