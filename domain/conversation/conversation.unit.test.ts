import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import { conversationDecider, evolveConversation, initialConversationState } from './decide.js';
import type { ConversationEvent } from './events.js';
import { MESSAGE_CONTENT_MAX, messagingTexts } from './rules.js';

const given = DeciderSpecification.for(conversationDecider);
const now = '2026-11-25T10:00:00.000Z';
const started: ConversationEvent = { type: 'ConversationStarted', data: { conversationId: 'c1', participantIds: ['ada', 'bob'], startedBy: 'bob', startedAt: now } };
const sent = (messageId: string, senderId: string, sequence: number, content = 'hi'): ConversationEvent => ({
  type: 'MessageSent',
  data: { conversationId: 'c1', messageId, senderId, recipientId: senderId === 'ada' ? 'bob' : 'ada', content, sequence, sentAt: now },
});
const send = (senderId: string, content: string, messageId = 'm9') => ({ type: 'SendMessage' as const, conversationId: 'c1', messageId, senderId, content, now });
const read = (readerId: string, messageId: string) => ({ type: 'MarkMessagesRead' as const, conversationId: 'c1', readerId, messageId, now });

describe('conversation', () => {
  it('starts once for a pair, with the members sorted, and is found again on a second start', () => {
    given([]).when({ type: 'StartConversation', conversationId: 'c1', memberId: 'bob', otherMemberId: 'ada', now }).then([started]);
    given([started]).when({ type: 'StartConversation', conversationId: 'c1', memberId: 'ada', otherMemberId: 'bob', now }).then([]);
  });

  it('refuses a conversation with oneself', () => {
    given([])
      .when({ type: 'StartConversation', conversationId: 'c1', memberId: 'ada', otherMemberId: 'ada', now })
      .thenRefuses('VALIDATION', messagingTexts.selfConversation);
  });

  it('numbers messages and names their recipient; the content is trimmed', () => {
    given([started])
      .when(send('ada', '  hello  ', 'm1'))
      .then([sent('m1', 'ada', 1, 'hello')]);
    given([started, sent('m1', 'ada', 1)])
      .when(send('bob', 'yo', 'm2'))
      .then([sent('m2', 'bob', 2, 'yo')]);
  });

  it('refuses an empty or too long message, a stranger and an unknown conversation', () => {
    given([started]).when(send('ada', '   ')).thenRefuses('VALIDATION', messagingTexts.contentRequired);
    given([started])
      .when(send('ada', 'x'.repeat(MESSAGE_CONTENT_MAX + 1)))
      .thenRefuses('VALIDATION', messagingTexts.contentTooLong);
    given([started]).when(send('eve', 'hi')).thenRefuses('NOT_AUTHORISED', messagingTexts.notParticipant);
    given([]).when(send('ada', 'hi')).thenRefuses('NOT_FOUND', messagingTexts.conversationNotFound);
  });

  it('accepts a message of exactly the limit and appends a retried message once', () => {
    given([started])
      .when(send('ada', 'x'.repeat(MESSAGE_CONTENT_MAX), 'm1'))
      .then([sent('m1', 'ada', 1, 'x'.repeat(MESSAGE_CONTENT_MAX))]);
    given([started, sent('m1', 'ada', 1)])
      .when(send('ada', 'hi', 'm1'))
      .then([]);
  });

  it('moves the reader’s watermark forward only: reading a message reads those before it', () => {
    const history = [started, sent('m1', 'ada', 1), sent('m2', 'ada', 2), sent('m3', 'ada', 3)];
    const readM2: ConversationEvent = { type: 'MessagesRead', data: { conversationId: 'c1', readerId: 'bob', upToMessageId: 'm2', upToSequence: 2, readAt: now } };
    given(history).when(read('bob', 'm2')).then([readM2]);
    given([...history, readM2])
      .when(read('bob', 'm1'))
      .then([]);
    given([...history, readM2])
      .when(read('bob', 'm2'))
      .then([]);
    const state = [...history, readM2].reduce(evolveConversation, initialConversationState());
    expect(state.status === 'open' && state.readUpTo).toEqual({ ada: 0, bob: 2 });
  });

  it('refuses a read receipt from a stranger or for a message not in the conversation', () => {
    const history = [started, sent('m1', 'ada', 1)];
    given(history).when(read('eve', 'm1')).thenRefuses('NOT_AUTHORISED');
    given(history).when(read('bob', 'nope')).thenRefuses('NOT_FOUND', messagingTexts.messageNotFound);
  });

  it('ignores events that do not fit the state', () => {
    expect([sent('m1', 'ada', 1)].reduce(evolveConversation, initialConversationState())).toEqual({ status: 'absent' });
  });
});
