// Issue 30 point 1: the composition root makes one operations object (api/operations.ts) from the parts
// that own each capability, and the admin routes stand on it. Through the running server: the log read by
// member, a member's stream folded by the domain's own deciders, and the followers' controls, whose
// effect the admin route shows, a rebuild among them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOWER_OPERATIONS_STREAM } from '../../domain/follower-operations/events.js';
import { memberStreamId } from '../../domain/member/events.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('the operations object of the running server', () => {
  let server: TestServer;
  let admin: ApiClient;
  let member: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: 'olga-ops@example.com' } });
    [admin, member] = await Promise.all([signIn(server.url, 'olga-ops@example.com', 'Olga'), signIn(server.url, 'mia-member@example.com', 'Mia Member')]);
  }, 60_000);
  afterAll(() => server?.close());

  it("reads the log by the member an event concerns, the welcome bonus among the member's events", async () => {
    const page = await server.operations.readLog({ subjectId: member.memberId, limit: 50 });
    const types = page.events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['MemberRegistered']));
    expect(page.events.every((event) => event.streamId.includes(member.memberId) || JSON.stringify(event.data).includes(member.memberId))).toBe(true);
  });

  it("folds a member's stream with the domain's deciders, to the name the member signed up with", async () => {
    const answer = await server.operations.stateAt(memberStreamId(member.memberId));
    expect(answer.kind).toBe('folded');
    expect(answer.position).toBe(answer.lastPosition);
    const memberFold = answer.folds.find((fold) => fold.decider === 'member');
    expect(JSON.stringify(memberFold?.state)).toContain('Mia Member');
    expect(server.operations.streamCategories().length).toBeGreaterThan(5);
  });

  it('pauses and resumes a follower, and the admin route shows what the controls did', async () => {
    const state = async () => {
      const answer = await admin.get('/api/admin/operations/followers');
      expect(answer.status).toBe(200);
      return (answer.body as { followers: { name: string; state: string }[] }).followers.find((follower) => follower.name === 'members')?.state;
    };
    await server.operations.followers.pause('members');
    // The follower pauses on its own loop's next turn, once the position it reached is written (on
    // PostgreSQL a round trip): the control asks, the status then shows it.
    await expect.poll(state, { timeout: 5_000 }).toBe('paused');
    await server.operations.followers.resume('members');
    await expect.poll(state).not.toBe('paused');
  });

  it("rebuilds a read model through the operations object, recorded with who asked, and the member's profile reads the same after the swap", async () => {
    const before = await member.get('/api/user');
    expect(before.status).toBe(200);
    const { finished } = await server.operations.followers.rebuild('members', { actorId: admin.memberId, reason: 'profiles look stale' });
    await expect(server.operations.followers.rebuild('members')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await finished).toMatchObject({ status: 'swapped' });
    const after = await member.get('/api/user');
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    // The audit sees who rebuilt what, and why, in the log (the refused second call is not there).
    const recorded = await server.store.readStream(FOLLOWER_OPERATIONS_STREAM);
    expect(recorded.map((event) => [event.type, event.data, event.metadata.actorId])).toEqual([
      [
        'ProjectionRebuildRequested',
        { projection: 'members', version: expect.any(Number), reason: 'profiles look stale', requestedBy: admin.memberId, requestedAt: expect.any(String) },
        admin.memberId,
      ],
    ]);
  });

  describe('through POST /api/admin/operations/{name}/{action}', () => {
    type Follower = { name: string; state: string };
    const stateOf = async (name: string) => ((await admin.get('/api/admin/operations')).body as { followers: Follower[] }).followers.find((f) => f.name === name)?.state;

    it('pauses and resumes a follower as the admin, and answers every follower', async () => {
      const paused = await admin.post('/api/admin/operations/balances/pause', {});
      expect(paused.status).toBe(200);
      expect((paused.body as { followers: Follower[] }).followers.map((f) => f.name)).toContain('balances');
      await expect.poll(() => stateOf('balances'), { timeout: 5_000 }).toBe('paused');
      expect((await admin.post('/api/admin/operations/balances/resume', {})).status).toBe(200);
      await expect.poll(() => stateOf('balances'), { timeout: 5_000 }).not.toBe('paused');
    });

    it('rebuilds a read model recorded with the admin and the reason, refusing a second one while it runs', async () => {
      const started = await admin.post('/api/admin/operations/sessions/rebuild', { reason: 'checking the audit page' });
      expect(started.status).toBe(200);
      const again = await admin.post('/api/admin/operations/sessions/rebuild', {});
      // Refused while the first runs, or (on a small log) begun anew once it is done: never two at once.
      expect([200, 409]).toContain(again.status);
      const recorded = (await server.store.readStream(FOLLOWER_OPERATIONS_STREAM)).filter((e) => (e.data as { projection?: string }).projection === 'sessions');
      expect(recorded[0]).toMatchObject({ data: { reason: 'checking the audit page', requestedBy: admin.memberId }, metadata: { actorId: admin.memberId } });
      await expect.poll(() => stateOf('sessions'), { timeout: 30_000 }).not.toBe('rebuilding');
    });

    it('refuses a skip without a reason, an unknown follower and an unknown action, and changes nothing', async () => {
      const before = (await server.store.readStream(FOLLOWER_OPERATIONS_STREAM)).length;
      expect(await admin.post('/api/admin/operations/balances/skip', {})).toMatchObject({ status: 400, body: { error: 'Say why this event may be passed over' } });
      expect((await admin.post('/api/admin/operations/no-such-model/pause', {})).status).toBe(404);
      expect((await admin.post('/api/admin/operations/balances/explode', {})).status).toBe(400);
      // Nothing failed: there is no event to skip.
      expect((await admin.post('/api/admin/operations/balances/skip', { reason: 'nothing to skip' })).status).toBe(409);
      expect(await server.store.readStream(FOLLOWER_OPERATIONS_STREAM)).toHaveLength(before);
    });

    it('refuses members', async () => {
      expect((await member.post('/api/admin/operations/balances/pause', {})).status).toBe(403);
      expect(await stateOf('balances')).not.toBe('paused');
    });
  });
});
