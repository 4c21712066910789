import { describe, expect, it } from 'vitest';
import type { AiInvocation } from './events.js';
import { AI_REPLY_MAX, THE_S_BRAIN_ID, feedTexts } from './rules.js';
import { aiFeedbackStats, foldPost } from './state.js';
import { AUTHOR, NOW, OTHER, POST_ID, READER, append, commentCommand, createCommand, created, given, thread } from './testing.js';

const AI = THE_S_BRAIN_ID;
const LATER = '2026-03-02T09:04:59.000Z';
const TIMED_OUT = '2026-03-02T09:05:00.000Z';
const invocation: AiInvocation = { model: 'gpt-test', tokensIn: 120, tokensOut: 40, latencyMs: 900, imageCount: 0, cost: 0.0012 };

const ask = (overrides: Record<string, unknown> = {}) =>
  ({ type: 'RequestAiReply', postId: POST_ID, now: NOW, actorId: READER, requestId: 'r-1', commentId: null, question: 'What is a hook?', ...overrides }) as const;
const start = (requestId = 'r-1') => ({ type: 'StartAiReply', postId: POST_ID, now: NOW, requestId, model: 'gpt-test' }) as const;
const complete = (requestId = 'r-1', content = 'A hook is a function.', mentions: string[] = []) =>
  ({ type: 'CompleteAiReply', postId: POST_ID, now: NOW, requestId, commentId: `ai-${requestId}`, content, mentions, invocation }) as const;
const failWith = (reason: 'model_error' | 'quota_exceeded', requestId = 'r-1') =>
  ({ type: 'FailAiReply', postId: POST_ID, now: NOW, requestId, reason, invocation: null }) as const;
const vote = (actorId: string, feedback = 'helpful', commentId = 'ai-r-1') =>
  ({ type: 'GiveAiFeedback', postId: POST_ID, now: NOW, actorId, commentId, feedback }) as const;

const asked = () => append(created(), ask());
const answered = () => append(append(asked(), start()), complete());

describe('asking The S brain', () => {
  it('records a request when a post mentions it, answered on the post itself', () => {
    const events = given([])
      .when(createCommand({ content: 'Help @The S brain', mentions: [AI] }))
      .thenMatches([{ type: 'PostCreated' }, { type: 'AiReplyRequested' }]);
    expect(events[1]?.data).toEqual({
      postId: POST_ID,
      requestId: 'ai-1',
      requestedBy: 'member-author',
      trigger: 'post_mention',
      triggerCommentId: null,
      replyToCommentId: null,
      question: 'Help @The S brain',
      requestedAt: NOW,
    });
  });

  it('records nothing for a mention when no endpoint is configured', () => {
    given([])
      .when(createCommand({ mentions: [AI], assistantAvailable: false }))
      .thenMatches([{ type: 'PostCreated' }]);
    given(created())
      .when(commentCommand({ mentions: [AI], assistantAvailable: false }))
      .thenMatches([{ type: 'CommentAdded' }]);
  });

  it('answers a comment that mentions it under that comment, and beside it at the deepest level', () => {
    given(created())
      .when(commentCommand({ mentions: [AI] }))
      .thenMatches([
        { type: 'CommentAdded' },
        { type: 'AiReplyRequested', data: { trigger: 'comment_mention', triggerCommentId: 'c-1', replyToCommentId: 'c-1', requestedBy: READER } },
      ]);
    given(thread(2))
      .when(commentCommand({ commentId: 'c-3', parentCommentId: 'c-2', mentions: [AI] }))
      .thenMatches([{ type: 'CommentAdded' }, { type: 'AiReplyRequested', data: { triggerCommentId: 'c-3', replyToCommentId: 'c-2' } }]);
  });

  it('answers one request at a time per post: a mention meanwhile is only a comment, an ask is refused', () => {
    given(asked())
      .when(commentCommand({ mentions: [AI], now: LATER }))
      .thenMatches([{ type: 'CommentAdded' }]);
    given(asked())
      .when(ask({ requestId: 'r-2', now: LATER }))
      .thenRefuses('CONFLICT', feedTexts.aiBusy);
    given(answered())
      .when(ask({ requestId: 'r-2' }))
      .thenMatches([{ type: 'AiReplyRequested' }]);
  });

  it('lets a new request through once the pending one outlived its timeout, failing the old one', () => {
    given(asked())
      .when(ask({ requestId: 'r-2', now: TIMED_OUT }))
      .thenMatches([{ type: 'AiReplyFailed', data: { requestId: 'r-1', reason: 'timed_out', message: feedTexts.aiTrouble } }, { type: 'AiReplyRequested' }]);
  });

  it('refuses an ask by the assistant itself, an empty question, a comment the post lacks; a repeated request id appends nothing', () => {
    given(created())
      .when(ask({ actorId: AI }))
      .thenRefuses('VALIDATION', feedTexts.aiAnswersNoOne);
    given(created())
      .when(ask({ question: '  ' }))
      .thenRefuses('VALIDATION', feedTexts.aiQuestionRequired);
    given(created())
      .when(ask({ commentId: 'c-9' }))
      .thenRefuses('NOT_FOUND', feedTexts.commentNotFound);
    given(asked()).when(ask()).then([]);
    given(answered()).when(ask()).then([]);
  });
});

describe('the assistant’s answer', () => {
  it('thinks, then adds its comment and completes; replays append nothing', () => {
    given(asked())
      .when(start())
      .then([{ type: 'AiReplyStarted', data: { postId: POST_ID, requestId: 'r-1', model: 'gpt-test' } }]);
    const started = append(asked(), start());
    given(started).when(start()).then([]);
    const events = given(started)
      .when(complete())
      .thenMatches([
        { type: 'CommentAdded', data: { authorId: AI, isAiGenerated: true, aiRequestId: 'r-1', depth: 0, parentCommentId: null, content: 'A hook is a function.' } },
        { type: 'AiReplyCompleted' },
      ]);
    expect(events[1]?.data).toEqual({ postId: POST_ID, requestId: 'r-1', requestedBy: READER, commentId: 'ai-r-1', invocation });
    given(answered()).when(complete()).then([]);
    given(answered()).when(failWith('model_error')).then([]);
    const ended = foldPost(answered());
    expect(ended).toMatchObject({ pendingAi: null });
    expect(ended.status === 'active' && [...ended.endedAiRequests]).toEqual([['r-1', 'completed']]);
  });

  it('nests its answer under the asking comment', () => {
    const mentioned = append(append(created(), commentCommand()), commentCommand({ commentId: 'c-2', parentCommentId: 'c-1', mentions: [AI] }));
    given(mentioned)
      .when(complete('ai-c'))
      .thenMatches([{ type: 'CommentAdded', data: { parentCommentId: 'c-2', parentAuthorId: READER, depth: 2 } }, { type: 'AiReplyCompleted' }]);
  });

  it('never asks itself: its own mention in an answer records no request', () => {
    given(asked())
      .when(complete('r-1', 'Ask @The S brain again', [AI, OTHER]))
      .thenMatches([{ type: 'CommentAdded', data: { mentions: [OTHER] } }, { type: 'AiReplyCompleted' }]);
  });

  it('turns an empty answer into a failure and cuts a long one', () => {
    given(asked())
      .when(complete('r-1', '  '))
      .then([
        { type: 'AiReplyFailed', data: { postId: POST_ID, requestId: 'r-1', requestedBy: READER, reason: 'model_error', message: feedTexts.aiTrouble, invocation } },
      ]);
    given(asked())
      .when(complete('r-1', 'y'.repeat(AI_REPLY_MAX + 50)))
      .thenMatches([{ type: 'CommentAdded', data: { content: 'y'.repeat(AI_REPLY_MAX) } }, { type: 'AiReplyCompleted' }]);
  });

  it('fails with the spec’s text, or the quota’s; an ended or unknown request and a deleted post append nothing', () => {
    given(asked())
      .when(failWith('model_error'))
      .thenMatches([{ data: { message: 'The S brain is having trouble. Please try again in a moment.' } }]);
    given(asked())
      .when(failWith('quota_exceeded'))
      .thenMatches([{ data: { reason: 'quota_exceeded', message: feedTexts.aiQuotaExceeded } }]);
    given(created()).when(start('r-9')).then([]);
    given(created()).when(complete('r-9')).then([]);
    const deleted = append(asked(), { type: 'DeletePost', postId: POST_ID, now: NOW, actorId: AUTHOR });
    given(deleted).when(start()).then([]);
    given(deleted).when(complete()).then([]);
    given(deleted).when(failWith('model_error')).then([]);
    given([]).when(complete()).then([]);
  });
});

describe('helpful or unhelpful', () => {
  it('takes one vote per member per AI comment, then answers Already submitted', () => {
    given(answered())
      .when(vote(OTHER))
      .then([{ type: 'AiFeedbackGiven', data: { postId: POST_ID, commentId: 'ai-r-1', memberId: OTHER, feedback: 'helpful' } }]);
    const voted = append(append(answered(), vote(OTHER)), vote(READER, 'unhelpful'));
    given(voted).when(vote(OTHER, 'unhelpful')).thenRefuses('CONFLICT', 'Already submitted');
    const state = foldPost(voted);
    expect(state.status === 'active' && aiFeedbackStats(state.comments.get('ai-r-1')!)).toEqual({ helpful: 1, unhelpful: 1, total: 2 });
  });

  it('rates only the assistant’s comments, with helpful or unhelpful', () => {
    const commented = append(answered(), commentCommand({ commentId: 'c-7' }));
    given(commented)
      .when(vote(OTHER, 'helpful', 'c-7'))
      .thenRefuses('VALIDATION', feedTexts.onlyAiRated);
    given(answered()).when(vote(OTHER, 'meh')).thenRefuses('VALIDATION', feedTexts.aiFeedbackTypeInvalid);
    given(answered())
      .when(vote(OTHER, 'helpful', 'c-9'))
      .thenRefuses('NOT_FOUND', feedTexts.commentNotFound);
  });
});
