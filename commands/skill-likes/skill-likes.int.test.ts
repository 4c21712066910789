import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, updateProfile } from '../members.js';
import { skillLikesStreamId } from '../stream-ids.js';
import { openTestEventStore, wireTestCommands, withReadBarrier, type TestEventStore } from '../../test/support/test-event-store.js';
import { skillLikeStatus, toggleSkillLike } from './skill-likes.js';

const NOW = '2026-03-02T09:00:00.000Z';
let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('skill_likes');
});
afterAll(async () => {
  await fixture?.close();
});

const deps = () => fixture.commands;
const member = async () => {
  const memberId = randomUUID();
  await registerMember(deps(), { memberId, email: `${memberId.slice(0, 8)}@example.com`, name: 'Ada', timeZone: 'UTC', now: NOW });
  return memberId;
};
const mentorWithSkill = async () => {
  const ownerId = await member();
  const { member: profile } = await updateProfile(deps(), {
    memberId: ownerId,
    actorId: ownerId,
    now: NOW,
    patch: { skillsToTeach: [{ name: 'Rust', description: 'Ownership' }] },
  });
  return { ownerId, skillId: profile.skillsToTeach[0]!.id };
};

describe('liking a skill', () => {
  it('likes on the first press and unlikes on the second', async () => {
    const { ownerId, skillId } = await mentorWithSkill();
    const memberId = await member();
    const liked = await toggleSkillLike(deps(), { skillId, ownerId, memberId, now: NOW });
    expect(liked).toMatchObject({ liked: true, likesCount: 1, checkpoint: expect.any(String) });
    expect(await skillLikeStatus(deps(), { skillId, memberId })).toEqual({ liked: true, likesCount: 1 });
    expect(await toggleSkillLike(deps(), { skillId, ownerId, memberId, now: NOW })).toMatchObject({ liked: false, likesCount: 0 });
    expect((await fixture.store.readStream(skillLikesStreamId(skillId))).map((e) => e.type)).toEqual(['SkillLiked', 'SkillUnliked']);
  });

  it('counts the likes of two members pressing at the same moment', async () => {
    const { ownerId, skillId } = await mentorWithSkill();
    const [a, b] = [await member(), await member()];
    const racing = wireTestCommands(withReadBarrier(fixture.store, 2));
    await Promise.all([a, b].map((memberId) => toggleSkillLike(racing, { skillId, ownerId, memberId, now: NOW })));
    expect(await skillLikeStatus(deps(), { skillId, memberId: a })).toEqual({ liked: true, likesCount: 2 });
    expect(await skillLikeStatus(deps(), { skillId, memberId: null })).toEqual({ liked: false, likesCount: 2 });
  });

  it('refuses a like of one’s own skill, and of a skill the mentor does not teach', async () => {
    const { ownerId, skillId } = await mentorWithSkill();
    await expect(toggleSkillLike(deps(), { skillId, ownerId, memberId: ownerId, now: NOW })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'You cannot like your own skill',
    });
    await expect(toggleSkillLike(deps(), { skillId: randomUUID(), ownerId, memberId: await member(), now: NOW })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Skill not found',
    });
  });
});
