import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoteType } from '../../domain/feature-vote/features.js';
import { openTestEventStore, wireTestCommands, withReadBarrier, type TestEventStore } from '../../test/support/test-event-store.js';
import { featureStreamId, featureVoteStreamId } from '../stream-ids.js';
import { addFeatureComment, castFeatureVote, setFeatureStatus } from './feature-votes.js';

const NOW = '2026-03-02T09:00:00.000Z';
let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('feature_votes');
});
afterAll(async () => {
  await fixture?.close();
});

describe('voting on a feature', () => {
  it('leaves one vote when five changes of one member race, each replacing the one before', async () => {
    const memberId = randomUUID();
    // All five read the empty stream before any of them writes: four must retry on what the others left.
    const racing = wireTestCommands(withReadBarrier(fixture.store, 5));
    const picks: VoteType[] = ['like', 'dislike', 'neutral', 'like', 'dislike'];
    await Promise.all(picks.map((voteType) => castFeatureVote(racing, { featureId: 'post_job', memberId, voteType, now: NOW })));
    const events = (await fixture.store.readStream(featureVoteStreamId('post_job', memberId))).map(
      (e) => e.data as { voteType: VoteType; previousVoteType: VoteType | null },
    );
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events[0]!.previousVoteType).toBeNull();
    events.slice(1).forEach((event, i) => expect(event.previousVoteType).toBe(events[i]!.voteType));
  });

  it('keeps comments and statuses on the feature’s own stream', async () => {
    const deps = fixture.commands;
    const comment = await addFeatureComment(deps, { featureId: 'how_to_quote', commentId: 'c-1', memberId: 'm1', content: ' Benchmarks! ', now: NOW });
    expect(comment.comment).toEqual({ featureId: 'how_to_quote', commentId: 'c-1', memberId: 'm1', content: 'Benchmarks!' });
    expect(await setFeatureStatus(deps, { featureId: 'how_to_quote', adminId: 'vera', status: 'started', note: '', now: NOW })).toMatchObject({
      status: 'started',
      note: '',
    });
    // The same status and note again: nothing new to tell.
    expect((await setFeatureStatus(deps, { featureId: 'how_to_quote', adminId: 'vera', status: 'started', note: '', now: NOW })).events).toEqual([]);
    expect((await fixture.store.readStream(featureStreamId('how_to_quote'))).map((e) => e.type)).toEqual(['FeatureCommentAdded', 'FeatureStatusChanged']);
  });
});
