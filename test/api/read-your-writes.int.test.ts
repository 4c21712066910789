// Read-your-writes, the one consistency policy of command routes (api/plugins/read-your-writes.ts,
// docs/decisions.md 43): a route answered from its write (the booking, a thread message) does not wait
// for the projections; the next request of either participant waits until the read models show the
// write, and nobody else's requests are held. A route answered from the read models waits for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjectors } from '../../projections/all-projectors.js';
import type { Projector } from '../../projections/types.js';
import { becomeMentor, bookingBody, MONDAY_0800 } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

/** The sessions projector, whose batches wait while the gate is closed. */
const gatedSessions = () => {
  let opened: Promise<void> = Promise.resolve();
  let open = () => {};
  const projector: Projector = allProjectors.find((p) => p.name === 'sessions')!;
  return {
    projector: {
      ...projector,
      apply: async (...args: Parameters<Projector['apply']>) => (await opened, projector.apply(...args)),
      // Live batches are planned (read and evolved) before they are written: held back there too.
      plan: async (...args: Parameters<NonNullable<Projector['plan']>>) => (await opened, projector.plan!(...args)),
    } as Projector,
    close: () => void (opened = new Promise<void>((resolve) => (open = resolve))),
    open: () => open(),
  };
};

const pending = <T>(promise: Promise<T>) => {
  const state = { settled: false };
  void promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
};

describe('read-your-writes after a command', () => {
  const gate = gatedSessions();
  let server: TestServer;
  let mia: ApiClient; // mentor
  let sam: ApiClient; // student
  let oscar: ApiClient; // takes no part
  let miaSkill: string;

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800, projectors: allProjectors.map((p) => (p.name === 'sessions' ? gate.projector : p)) });
    [mia, sam, oscar] = await Promise.all([
      signIn(server.url, 'mia@example.com', 'Mia'),
      signIn(server.url, 'sam@example.com', 'Sam'),
      signIn(server.url, 'oscar@example.com', 'Oscar'),
    ]);
    miaSkill = await becomeMentor(mia);
  });
  afterAll(async () => {
    gate.open();
    await server?.close();
  });

  it("answers while the sessions read model is held back, and holds the participants' next requests until it shows the booking", async () => {
    gate.close();
    // Answered from its write: had it waited for the read models, the wait's bound would have passed and
    // Sam's next read below would no longer be held.
    const booked = await sam.post('/api/sessions', bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-12-08', time: '10:00' }));
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ status: 'requested', student_id: sam.memberId, instructor_id: mia.memberId });
    const id = booked.body.id as string;

    const samReads = sam.get(`/api/sessions/${id}`);
    const miaReads = mia.get(`/api/dashboard/sessions?tab=requested`);
    const samState = pending(samReads);
    const miaState = pending(miaReads);
    // Someone the booking does not concern is answered meanwhile.
    expect((await oscar.get('/api/user')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(samState.settled).toBe(false);
    expect(miaState.settled).toBe(false);

    gate.open();
    const seenBySam = await samReads;
    expect(seenBySam.status).toBe(200);
    expect(seenBySam.body).toMatchObject({ id, status: 'requested', role: 'student' });
    const seenByMia = await miaReads;
    expect(seenByMia.status).toBe(200);
    expect(seenByMia.body.sessions.map((s: { id: string }) => s.id)).toContain(id);
  });

  it("answers a thread message from its write and holds the other participant's next read until the thread shows it", async () => {
    const booked = await sam.post('/api/sessions', bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-12-08', time: '11:00' }));
    const id = booked.body.id as string;
    expect((await sam.get(`/api/sessions/${id}`)).status).toBe(200); // the booking is shown before the gate closes
    gate.close();
    const sent = await sam.post(`/api/sessions/${id}/message`, { message: ' Hello ' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ session_id: id, sender_id: sam.memberId, sender_name: 'Sam', message: 'Hello', is_system_message: false });

    const miaReads = mia.get(`/api/sessions/${id}/thread`);
    // Approving answers with the session read back, so that answer waits for the read models too.
    const miaApproves = mia.post(`/api/sessions/${id}/approve`, {});
    const readState = pending(miaReads);
    const approveState = pending(miaApproves);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readState.settled).toBe(false);
    expect(approveState.settled).toBe(false);

    gate.open();
    const thread = (await miaReads).body as { id: string; message: string; created_at: string }[];
    expect(thread.find((m) => m.id === sent.body.id)).toEqual({ ...sent.body, sender_name: 'Sam' });
    expect((await miaApproves).body).toMatchObject({ id, status: 'confirmed', role: 'instructor' });
  });

  it('answers the participants once the read models show the booking', async () => {
    // How fast is the bench's business (GET /api/user); here: answered, and with the session.
    expect((await sam.get('/api/user')).status).toBe(200);
    expect((await mia.get('/api/dashboard/sessions?tab=requested')).body.sessions.length).toBeGreaterThan(0);
  });
});
