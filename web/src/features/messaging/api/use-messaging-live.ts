// Messaging over the tab's one websocket: a new message lands in its conversation's cached pages and
// refreshes the conversation list (unread counts); a read receipt marks my messages read ('Seen'); a
// typing frame shows the other member typing for TYPING_SHOWN_MS. Mounted once, by the chat dock.
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { TYPING_SHOWN_MS, type MessagesReadMessage, type NewMessageMessage, type TypingMessage } from '@contracts/live';
import { getLiveSocket } from '@/lib/live-socket';
import { StaleKeysContext } from '@/lib/stale-keys';
import { useMessagingStore } from '../messaging-store';
import { messagingKeys } from './keys';
import { withMessage, type MessagePages } from './messaging-api';

export const useMessagingLive = (userId: string) => {
  const queryClient = useQueryClient();
  const staleKeys = useContext(StaleKeysContext);
  useEffect(() => {
    if (!staleKeys) return;
    const socket = getLiveSocket(queryClient, staleKeys);
    const refreshList = () => void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations(userId) });
    const offMessage = socket.onMessage('new_message', (raw) => {
      const { message } = raw as unknown as NewMessageMessage;
      queryClient.setQueryData<MessagePages>(messagingKeys.messages(message.conversation_id), (data) =>
        withMessage(data, {
          id: message.id,
          conversation_id: message.conversation_id,
          sender_id: message.sender_id,
          content: message.content,
          read_at: null,
          created_at: message.created_at,
          sequence: message.sequence,
        }),
      );
      // The message ends the sender's typing.
      if (message.sender_id !== userId) useMessagingStore.getState().setTyping(message.conversation_id, 0);
      refreshList();
    });
    const offRead = socket.onMessage('messages_read', (raw) => {
      const { receipt } = raw as unknown as MessagesReadMessage;
      queryClient.setQueryData<MessagePages>(messagingKeys.messages(receipt.conversation_id), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                messages: page.messages.map((m) =>
                  m.sender_id !== receipt.reader_id && m.read_at === null && m.sequence <= receipt.up_to_sequence ? { ...m, read_at: receipt.read_at } : m,
                ),
              })),
            }
          : data,
      );
      refreshList();
    });
    const offTyping = socket.onMessage('typing', (raw) => {
      const { conversationId, memberId } = raw as unknown as TypingMessage;
      if (memberId !== userId) useMessagingStore.getState().setTyping(conversationId, Date.now() + TYPING_SHOWN_MS);
    });
    return () => {
      offMessage();
      offRead();
      offTyping();
    };
  }, [queryClient, staleKeys, userId]);
};

/** Tells the other member I am typing, at most once per interval (the server drops more anyway). */
export const useTypingSender = () => {
  const queryClient = useQueryClient();
  const staleKeys = useContext(StaleKeysContext);
  return (conversationId: string) => {
    if (staleKeys) getLiveSocket(queryClient, staleKeys).publish({ type: 'typing', conversationId });
  };
};
