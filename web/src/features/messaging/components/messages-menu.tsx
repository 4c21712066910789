// The Messages dropdown of the nav bar (spec 001 §2.7): my conversations (the other member, the last
// message with 'You: ' before mine, unread counts), then every other member under 'Start a conversation'.
// Picking one opens the chat window. The profile menu's 'Messages (N)' opens it too (messaging store).
import clsx from 'clsx';
import { MessageCircle } from 'lucide-react';
import type { Conversation } from '@contracts/messaging';
import { Avatar } from '@/ui/avatar';
import { CountBadge } from '@/ui/badge';
import { Popover, PopoverContent, PopoverTrigger } from '@/ui/popover';
import { Spinner } from '@/ui/spinner';
import { useConversations, useMembers } from '../api/messaging-api';
import { lastMessagePreview, messagingUiTexts } from '../messaging-rules';
import { useMessagingStore } from '../messaging-store';

const rowClasses = 'flex w-full items-center gap-3 px-4 py-2.5 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none';

const ConversationRow = ({ conversation, userId, onOpen }: { conversation: Conversation; userId: string; onOpen: (memberId: string) => void }) => {
  const other = conversation.other_user;
  const preview = lastMessagePreview(conversation, userId);
  const unread = conversation.unread_count;
  return (
    <li>
      <button type="button" className={rowClasses} onClick={() => onOpen(other.id)} data-testid="conversation-item">
        <Avatar name={other.name} src={other.avatar} size="md" alt="" />
        <span className="min-w-0 flex-1">
          <span className={clsx('block truncate text-sm', unread > 0 ? 'font-semibold text-slate-900' : 'font-medium text-slate-800')}>{other.name}</span>
          <span className="block truncate text-xs text-slate-600">{preview ?? messagingUiTexts.noMessages}</span>
        </span>
        {unread > 0 && (
          <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white" data-testid="conversation-unread">
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        )}
      </button>
    </li>
  );
};

const StartList = ({ userId, talkingTo, onOpen }: { userId: string; talkingTo: ReadonlySet<string>; onOpen: (memberId: string) => void }) => {
  const members = useMembers(true);
  const others = (members.data ?? []).filter((m) => m.id !== userId && !talkingTo.has(m.id));
  return (
    <div className="border-t border-slate-100">
      <h3 className="px-4 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{messagingUiTexts.startConversation}</h3>
      {members.isPending ? (
        <div className="flex items-center gap-2 px-4 py-3 text-sm text-slate-600">
          <Spinner size="sm" /> Loading members...
        </div>
      ) : others.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">{messagingUiTexts.noMembers}</p>
      ) : (
        <ul aria-label={messagingUiTexts.startConversation}>
          {others.map((m) => (
            <li key={m.id}>
              <button type="button" className={rowClasses} onClick={() => onOpen(m.id)} data-testid="start-conversation-item">
                <Avatar name={m.name} src={m.avatar ?? m.profileImageUrl} size="sm" alt="" />
                <span className="truncate text-sm text-slate-800">{m.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};

export const MessagesMenu = ({ userId }: { userId: string }) => {
  const open = useMessagingStore((s) => s.menuOpen);
  const { setMenuOpen, openWindow } = useMessagingStore.getState();
  const conversations = useConversations(userId);
  const unread = conversations.data?.reduce((sum, c) => sum + c.unread_count, 0) ?? 0;
  const openChat = (memberId: string) => {
    setMenuOpen(false);
    openWindow(memberId);
  };
  const talkingTo = new Set((conversations.data ?? []).map((c) => c.other_user.id));
  return (
    <Popover open={open} onOpenChange={setMenuOpen}>
      <PopoverTrigger
        aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
        className="relative flex h-10 w-10 items-center justify-center rounded-xl text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none data-[state=open]:bg-brand-50 data-[state=open]:text-brand-700"
        data-testid="messages-menu"
      >
        <MessageCircle className="h-5 w-5" />
        <CountBadge count={unread} className="absolute -top-0.5 -right-0.5" />
      </PopoverTrigger>
      <PopoverContent label="Messages">
        <p className="border-b border-slate-100 px-4 py-3 font-semibold text-slate-900">Messages</p>
        <div className="max-h-[70vh] overflow-y-auto">
          {conversations.isPending ? (
            <div className="flex items-center justify-center gap-2 py-6 text-sm text-slate-600">
              <Spinner size="sm" /> Loading conversations...
            </div>
          ) : conversations.isError ? (
            <p className="px-4 py-4 text-sm text-slate-600">Could not load your conversations.</p>
          ) : conversations.data.length === 0 ? (
            <p className="px-4 py-4 text-sm text-slate-600">{messagingUiTexts.noConversations}</p>
          ) : (
            <ul aria-label="Conversations">
              {conversations.data.map((c) => (
                <ConversationRow key={c.id} conversation={c} userId={userId} onOpen={openChat} />
              ))}
            </ul>
          )}
          {open && <StartList userId={userId} talkingTo={talkingTo} onOpen={openChat} />}
        </div>
      </PopoverContent>
    </Popover>
  );
};

/** 'Messages (N)' in the profile menu: opens the Messages dropdown. */
export const openMessagesMenu = () => useMessagingStore.getState().setMenuOpen(true);
