// Properties over random histories: whatever members and the assistant send, in whatever order, the
// decider keeps its limits, and evolve folds any sequence of events (even ones decide never makes)
// without throwing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared.js';
import type { PostCommand } from './commands.js';
import { postDecider } from './decide.js';
import type { PostEvent } from './events.js';
import { MAX_MENTIONS, MAX_REPLY_DEPTH, POST_CONTENT_MAX, THE_S_BRAIN_ID } from './rules.js';
import { evolve, foldPost, initialState } from './state.js';
import { AUTHOR, NOW, POST_ID, READER, commentCommand, createCommand } from './testing.js';

const member = fc.constantFrom(AUTHOR, READER, 'member-3', THE_S_BRAIN_ID);
const commentId = fc.constantFrom('c-0', 'c-1', 'c-2', 'c-3', 'c-4', 'c-5');
const requestId = fc.constantFrom('r-0', 'r-1', 'r-2');
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 990, maxLength: 1010 }), fc.constant('  '), fc.constant('#React help'));
const mentions = fc.array(member, { maxLength: 12 });
const minute = fc.integer({ min: 0, max: 20 }).map((m) => new Date(Date.parse(NOW) + m * 60_000).toISOString());

const command: fc.Arbitrary<PostCommand> = fc.oneof(
  fc.record({ content: text, mentions, actorId: member }).map((o) => createCommand(o)),
  fc
    .record({ commentId, parentCommentId: fc.option(commentId), content: text, isOffer: fc.boolean(), actorId: member, mentions, now: minute, aiRequestId: requestId })
    .map((o) => commentCommand(o)),
  fc.record({ actorId: member, content: text, urgency: fc.constantFrom('low', 'high', null), mentions }).map((o) => ({
    type: 'EditPost' as const,
    postId: POST_ID,
    now: NOW,
    skillNeeded: null,
    aiRequestId: 'r-e',
    assistantAvailable: true,
    ...o,
  })),
  fc
    .record({ actorId: member, type: fc.constantFrom('LikePost' as const, 'UnlikePost' as const, 'DeletePost' as const) })
    .map((o) => ({ postId: POST_ID, now: NOW, ...o })),
  fc.record({ actorId: member, commentId, type: fc.constantFrom('LikeComment' as const, 'UnlikeComment' as const) }).map((o) => ({ postId: POST_ID, now: NOW, ...o })),
  fc
    .record({ actorId: member, requestId, commentId: fc.option(commentId), question: text, now: minute })
    .map((o) => ({ type: 'RequestAiReply' as const, postId: POST_ID, ...o })),
  requestId.map((r) => ({ type: 'StartAiReply' as const, postId: POST_ID, now: NOW, requestId: r, model: 'm' })),
  fc
    .record({ requestId, content: text, mentions })
    .map((o) => ({ type: 'CompleteAiReply' as const, postId: POST_ID, now: NOW, commentId: `ai-${o.requestId}`, invocation: null, ...o })),
  requestId.map((r) => ({ type: 'FailAiReply' as const, postId: POST_ID, now: NOW, requestId: r, reason: 'model_error' as const, invocation: null })),
  fc.record({ actorId: member, commentId: fc.constantFrom('ai-r-0', 'ai-r-1', 'c-0'), feedback: fc.constantFrom('helpful', 'unhelpful', 'x') }).map((o) => ({
    type: 'GiveAiFeedback' as const,
    postId: POST_ID,
    now: NOW,
    ...o,
  })),
);

/** A chain of replies c-0 <- c-1 <- ... <- c-{n-1} (to depth n-1, past the limit when n > 4), then anything. */
const history = fc
  .tuple(fc.integer({ min: 0, max: 6 }), fc.array(command, { maxLength: 40 }))
  .map(([n, rest]) => [
    createCommand(),
    ...Array.from({ length: n }, (_, i) => commentCommand({ commentId: `c-${i}`, parentCommentId: i === 0 ? null : `c-${i - 1}` })),
    ...rest,
  ]);

/** Decides each command on the history so far; refusals (DomainError) append nothing. */
const run = (commands: readonly PostCommand[]): PostEvent[] =>
  commands.reduce<PostEvent[]>((events, next) => {
    try {
      return [...events, ...postDecider.decide(next, foldPost(events))];
    } catch (error) {
      if (error instanceof DomainError) return events;
      throw error;
    }
  }, []);

describe('post properties', () => {
  it('keeps every limit whatever is sent: depth ≤ 3, content 1..1000 trimmed, ≤ 10 mentions, one pending AI request', () => {
    fc.assert(
      fc.property(history, (commands) => {
        const events = run(commands);
        const pending = new Set<string>();
        for (const event of events) {
          if (event.type === 'CommentAdded') expect(event.data.depth).toBeLessThanOrEqual(MAX_REPLY_DEPTH);
          if ('mentions' in event.data) expect(event.data.mentions.length).toBeLessThanOrEqual(MAX_MENTIONS);
          if (event.type === 'PostCreated' || event.type === 'PostEdited' || (event.type === 'CommentAdded' && !event.data.isAiGenerated)) {
            const { content } = event.data;
            expect(content.length).toBeGreaterThan(0);
            expect(content.length).toBeLessThanOrEqual(POST_CONTENT_MAX);
            expect(content).toBe(content.trim());
          }
          if (event.type === 'AiReplyRequested') {
            expect(pending.size).toBe(0);
            expect(event.data.requestedBy).not.toBe(THE_S_BRAIN_ID);
            pending.add(event.data.requestId);
          }
          if (event.type === 'AiReplyCompleted' || event.type === 'AiReplyFailed') pending.delete(event.data.requestId);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('folds any sequence of decided events, shuffled, without throwing', () => {
    fc.assert(
      fc.property(
        history.chain((commands) => fc.shuffledSubarray(run(commands))),
        (events) => {
          expect(() => events.reduce(evolve, initialState())).not.toThrow();
        },
      ),
      { numRuns: 200 },
    );
  });
});
