// The fingerprint on a corpus of server causes whose stacks are captured here, live, by making real modules
// of this repository throw (not written by hand), each cause in variants (other ids, numbers, and the line
// numbers of library frames moved as a dependency's new release would move them): no two causes share a
// group and at least 95% of the variants join their cause's group. Browser formats are written by hand.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { assertNever } from '../../domain/shared.js';
import { conversationDecider } from '../../domain/conversation/decide.js';
import { errorGroupDecider } from '../../domain/error-group/decide.js';
import { featureDecider, featureVoteDecider } from '../../domain/feature-vote/decide.js';
import { feedbackDecider } from '../../domain/feedback/decide.js';
import { skillLikeDecider } from '../../domain/skill-like/decide.js';
import { appendInOrder, checkAppends, checkEvents, checkUnchanged } from '../../eventstore/append-many.js';
import { quoteChannel } from '../../eventstore/pg-listener.js';
import { fingerprintOf } from './fingerprint.js';
import { REPOSITORY_ROOT } from './repository-root.js';
import { stackFrames } from './stack-frames.js';

const VARIANTS = 6;
const captured = async (cause: () => unknown): Promise<Error> => {
  try {
    await cause();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the cause did not throw');
};
const groupOf = (error: { name: string; message: string; stack?: string | undefined }) =>
  fingerprintOf({ type: error.name, message: error.message, frames: stackFrames(error.stack, REPOSITORY_ROOT) }).groupId;
/** A dependency's new release: its frames' lines and columns move, ours do not. */
const movedLibraryLines = (stack: string, seed: number) =>
  stack.replace(
    /(node_modules\/[^:)]+|node:[^:)]+):(\d+):(\d+)/g,
    (_all, file: string, line: string, column: string) => `${file}:${Number(line) + seed * 7}:${Number(column) + seed}`,
  );

const anEvent = (id: string) => ({
  type: 'Noted',
  data: {},
  metadata: { eventId: id, occurredAt: '', actorId: 'a', correlationId: 'c', causationId: null, schemaVersion: 1 },
});
const decision = { adminId: 'admin', at: '2026-11-29T12:00:00.000Z', appVersion: '1.0.0', latestOccurrenceId: '1', regressed: false };

/** Each cause throws from a different place of the repository's code; `n` makes its ids and numbers differ. */
const causes: Record<string, (n: number) => unknown> = {
  'append without events': (n) => checkEvents(`post-${randomUUID()}-${n}`, []),
  'appendMany without appends': () => checkAppends([]),
  'appendMany checks a stream it writes': (n) =>
    checkUnchanged([{ streamId: `ledger-${n}`, expectedRevision: 'any', events: [anEvent(randomUUID()) as never] }], {
      unchanged: [{ streamId: `ledger-${n}`, revision: BigInt(n) }],
    }),
  'appendInOrder with unchanged streams': (n) => appendInOrder({ append: async () => ({}) as never }, [], { unchanged: [{ streamId: `s-${n}`, revision: 0n }] }),
  'bad LISTEN channel': (n) => quoteChannel(`Channel-${n}-${randomUUID()}`),
  'bad configuration': (n) => loadConfig({ PORT: `port${n}x` }),
  'unexpected value': (n) => assertNever({ kind: `k${n}`, id: randomUUID() } as never),
  'unknown feature': (n) =>
    featureDecider.decide({ type: 'SetFeatureStatus', featureId: `feature_${n}`, adminId: randomUUID(), status: 'open', note: '' }, featureDecider.initialState()),
  'bad vote type': (n) =>
    featureVoteDecider.decide(
      { type: 'CastFeatureVote', featureId: 'post_job', memberId: randomUUID(), voteType: `love${n}` as never },
      featureVoteDecider.initialState(),
    ),
  'error group already so': (n) =>
    errorGroupDecider.decide({ type: 'ReopenErrorGroup', groupId: n.toString(16).padStart(16, '0'), reason: 'again', ...decision }, errorGroupDecider.initialState()),
  'error group without a reason': (n) =>
    errorGroupDecider.decide({ type: 'IgnoreErrorGroup', groupId: n.toString(16).padStart(16, '0'), reason: ' ', ...decision }, errorGroupDecider.initialState()),
  'empty feedback': (n) =>
    feedbackDecider.decide(
      { type: 'SubmitFeedback', feedbackId: randomUUID(), memberId: `m${n}`, message: '  ', page: `/feed/${n}` } as never,
      feedbackDecider.initialState(),
    ),
  'liking one’s own skill': (n) => {
    const id = randomUUID();
    return skillLikeDecider.decide({ type: 'LikeSkill', skillId: `skill-${n}`, ownerId: id, memberId: id } as never, skillLikeDecider.initialState());
  },
  'message to a conversation not started': (n) =>
    conversationDecider.decide(
      { type: 'SendMessage', conversationId: randomUUID(), memberId: `m${n}`, messageId: randomUUID(), content: `hi ${n}` } as never,
      conversationDecider.initialState(),
    ),
  'conversation with oneself': (n) => {
    const id = `member-${n}`;
    return conversationDecider.decide(
      { type: 'StartConversation', conversationId: randomUUID(), memberId: id, otherMemberId: id } as never,
      conversationDecider.initialState(),
    );
  },
  'bad JSON in a stored value': (n) => JSON.parse(`{"id": ${n}, "name": "m${n}"`),
};

describe('the fingerprint of server errors captured live', () => {
  it('gives each of at least 15 causes its own group, and joins at least 95% of their variants to it', async () => {
    expect(Object.keys(causes).length).toBeGreaterThanOrEqual(15);
    const groups = new Map<string, string>();
    let variants = 0;
    let joined = 0;
    for (const [name, cause] of Object.entries(causes)) {
      // One call site for the cause and its variants: the test's own frames are ours too.
      const thrown: Error[] = [];
      for (let n = 0; n <= VARIANTS; n++) thrown.push(await captured(() => cause(n * 1_000 + n)));
      const group = groupOf(thrown[0]!);
      expect([...groups.values()], `${name} shares a group`).not.toContain(group);
      groups.set(name, group);
      for (const [n, error] of thrown.entries()) {
        if (n === 0) continue;
        variants += 1;
        if (groupOf({ name: error.name, message: error.message, stack: movedLibraryLines(error.stack ?? '', n) }) === group) joined += 1;
      }
    }
    expect(joined / variants).toBeGreaterThanOrEqual(0.95);
  });

  it('groups by our own frames, with repository paths, and names them in the grouping', async () => {
    const error = await captured(() => checkEvents('post-1', []));
    const frames = stackFrames(error.stack, REPOSITORY_ROOT);
    expect(frames[0]).toMatchObject({ function: 'checkEvents', file: 'eventstore/append-many.ts', inApp: true });
    expect(frames.filter((frame) => frame.file.includes('node_modules')).every((frame) => !frame.inApp)).toBe(true);
    const { grouping } = fingerprintOf({ type: error.name, message: error.message, frames });
    expect(grouping.rule).toBe('frames');
    expect(grouping.parts[0]).toBe('type Error');
    expect(grouping.parts[1]).toBe('frame eventstore/append-many.ts in checkEvents');
  });
});
