import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberDecider } from '../domain/member/decide.js';
import { DomainError } from '../domain/shared.js';
import { loadLedger } from './ledger.js';
import { changeProfilePicture, loadMember, registerMember, updateProfile } from './members.js';
import { ledgerStreamId, memberStreamId } from './stream-ids.js';
import { openTestEventStore, wireTestCommands, withReadBarrier, type TestEventStore } from '../test/support/test-event-store.js';

const NOW = '2026-11-22T09:00:00.000Z';
let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('members');
});
afterAll(async () => {
  await fixture?.close();
});

const signIn = (memberId: string, commands = fixture.commands) =>
  registerMember(commands, { memberId, email: `${memberId.slice(0, 8)}@example.com`, name: 'Ada', timeZone: 'Europe/London', now: NOW });
const typesIn = async (stream: string) => (await fixture.store.readStream(stream)).map((e) => e.type);

describe('registerMember', () => {
  it('registers the member and grants the 3-point welcome bonus', async () => {
    const id = randomUUID();
    const result = await signIn(id);
    expect(result.registered).toBe(true);
    expect(result.checkpoint).toEqual(expect.any(String));
    expect(await typesIn(memberStreamId(id))).toEqual(['MemberRegistered']);
    expect(await loadLedger(fixture.commands, id)).toMatchObject({ available: 3, held: 0, welcomeGranted: true });
  });

  it('grants no second bonus when the member signs in again', async () => {
    const id = randomUUID();
    await signIn(id);
    const again = await signIn(id);
    expect(again).toEqual({ registered: false, checkpoint: null, events: [] });
    expect(await typesIn(ledgerStreamId(id))).toEqual(['PointsGranted']);
  });

  it('grants exactly 3 points once when two first sign-ins race', async () => {
    const id = randomUUID();
    // Both sign-ins read the member stream before either writes, so both try to register and grant.
    const racing = wireTestCommands(withReadBarrier(fixture.store, 2));
    const results = await Promise.all([signIn(id, racing), signIn(id, racing)]);
    expect(results.map((r) => r.registered).sort()).toEqual([false, true]);
    expect(await typesIn(memberStreamId(id))).toEqual(['MemberRegistered']);
    const grants = await fixture.store.readStream(ledgerStreamId(id));
    expect(grants.map((e) => [e.type, (e.data as { amount: number }).amount])).toEqual([['PointsGranted', 3]]);
  });

  it('repairs a missing welcome bonus at the next sign-in after a crash between the two appends', async () => {
    const id = randomUUID();
    // The crash: registration stored, grant never appended.
    await fixture.commands.runtime.handle(
      memberDecider,
      memberStreamId(id),
      { type: 'RegisterMember', memberId: id, email: 'x@example.com', name: 'Ada', timeZone: 'UTC', now: NOW },
      { now: NOW, actorId: id },
    );
    const result = await signIn(id);
    expect(result.registered).toBe(false);
    expect(result.checkpoint).toEqual(expect.any(String));
    expect((await loadLedger(fixture.commands, id)).available).toBe(3);
  });

  it('falls back to UTC and the e-mail name when sign-in gives neither a zone nor a name', async () => {
    const id = randomUUID();
    await registerMember(fixture.commands, { memberId: id, email: 'grace@example.com', name: ' ', timeZone: '', now: NOW });
    expect(await loadMember(fixture.commands, id)).toMatchObject({ name: 'grace', timeZone: 'UTC' });
  });
});

describe('updateProfile', () => {
  it('stores only what changed, as fine-grained events', async () => {
    const id = randomUUID();
    await signIn(id);
    const result = await updateProfile(fixture.commands, {
      memberId: id,
      actorId: id,
      now: NOW,
      patch: {
        name: 'Ada',
        bio: 'Analyst',
        skillsToTeach: [{ name: 'Python', description: 'Scripting', pointsPerHour: 2 }],
        skillsToLearn: ['Rust', 'rust'],
        availability: [{ day: 'Tuesday', startTime: '18:00', endTime: '20:00' }],
      },
    });
    expect(result.events.map((e) => e.type)).toEqual(['ProfileDetailsChanged', 'SkillTaughtAdded', 'SkillToLearnAdded', 'AvailabilityAdded']);
    expect(result.events[0]?.data).toEqual({ memberId: id, bio: 'Analyst' });
    expect(result.checkpoint).toEqual(expect.any(String));
    const skillId = result.member.skillsToTeach[0]?.id;
    expect(skillId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.member).toMatchObject({ bio: 'Analyst', skillsToLearn: ['Rust'], availability: [{ day: 'Tuesday' }] });
    expect(await typesIn(memberStreamId(id))).toHaveLength(5);

    // Editing the skill keeps its id and records an update, not a remove and add.
    const edit = await updateProfile(fixture.commands, {
      memberId: id,
      actorId: id,
      now: NOW,
      patch: { skillsToTeach: [{ id: skillId, name: 'Python', description: 'Scripting', pointsPerHour: 3 }] },
    });
    expect(edit.events).toEqual([{ type: 'SkillTaughtUpdated', data: { memberId: id, skill: expect.objectContaining({ id: skillId, pointsPerHour: 3 }) } }]);
  });

  it('appends nothing and returns the current profile with a null checkpoint when nothing changed', async () => {
    const id = randomUUID();
    await signIn(id);
    const result = await updateProfile(fixture.commands, { memberId: id, actorId: id, now: NOW, patch: { name: 'Ada', skillsToLearn: [] } });
    expect(result).toMatchObject({ checkpoint: null, events: [], member: { memberId: id, name: 'Ada' } });
    expect(await typesIn(memberStreamId(id))).toEqual(['MemberRegistered']);
  });

  it("refuses to edit another member's profile", async () => {
    const id = randomUUID();
    await signIn(id);
    const attempt = updateProfile(fixture.commands, { memberId: id, actorId: randomUUID(), now: NOW, patch: { bio: 'x' } });
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({ code: 'NOT_AUTHORISED', message: 'You can only edit your own profile' });
  });

  it('lands both of two concurrent updates by retrying the one that conflicted', async () => {
    const id = randomUUID();
    await signIn(id);
    const racing = wireTestCommands(withReadBarrier(fixture.store, 2));
    const [bio, location] = await Promise.all([
      updateProfile(racing, { memberId: id, actorId: id, now: NOW, patch: { bio: 'Analyst' } }),
      updateProfile(racing, { memberId: id, actorId: id, now: NOW, patch: { location: 'London' } }),
    ]);
    expect([bio.checkpoint, location.checkpoint]).toEqual([expect.any(String), expect.any(String)]);
    expect(await loadMember(fixture.commands, id)).toMatchObject({ bio: 'Analyst', location: 'London' });
    expect(await typesIn(memberStreamId(id))).toEqual(['MemberRegistered', 'ProfileDetailsChanged', 'ProfileDetailsChanged']);
  });
});

describe('changeProfilePicture', () => {
  it('sets the picture once and ignores setting the same one again', async () => {
    const id = randomUUID();
    await signIn(id);
    const first = await changeProfilePicture(fixture.commands, { memberId: id, actorId: id, imageUrl: '/media/a.jpg', now: NOW });
    const again = await changeProfilePicture(fixture.commands, { memberId: id, actorId: id, imageUrl: '/media/a.jpg', now: NOW });
    expect(first.member.profileImageUrl).toBe('/media/a.jpg');
    expect(again).toMatchObject({ checkpoint: null, events: [] });
  });
});
