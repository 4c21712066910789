// The booking writes three kinds of stream at once (the student's hold, the slot cells, the session): the
// student's next read waits for the read models of all of them, so the balance shows the hold at once even
// when the balances read model is the slowest (CI caught it reading 3 available and 0 held under load).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjectors } from '../../projections/all-projectors.js';
import { balancesProjector } from '../../projections/balances/projector.js';
import type { Projector } from '../../projections/types.js';
import { becomeMentor, bookingBody } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

// Its workload, not a wait of the test's: each batch of the balances read model costs 300 ms.
const delay = () => new Promise((resolve) => setTimeout(resolve, 300));
const slowBalances: Projector = {
  ...balancesProjector,
  async apply(db, events) {
    await delay();
    return balancesProjector.apply(db, events);
  },
  // The live follower plans a row projection's batch (one statement): slowed the same way.
  async plan(db, events) {
    await delay();
    return balancesProjector.plan!(db, events);
  },
};

describe("a booking's read-your-writes", () => {
  let server: TestServer;
  let student: ApiClient;
  let mentor: ApiClient;
  let skillId: string;
  beforeAll(async () => {
    server = await startTestServer({ projectors: allProjectors.map((p) => (p.name === slowBalances.name ? slowBalances : p)) });
    [student, mentor] = await Promise.all([signIn(server.url, 'rya-student@example.com', 'Rya'), signIn(server.url, 'max-mentor@example.com', 'Max')]);
    skillId = await becomeMentor(mentor);
  }, 60_000);
  afterAll(() => server?.close());

  it('shows the student the hold on their next read, however far behind the balances read model is', async () => {
    const before = (await student.get<{ availablePoints: number; heldPoints: number }>(`/api/users/${student.memberId}/balance`)).body;
    const booked = await student.post('/api/sessions', bookingBody({ mentor, skillId, date: '2026-12-10', time: '11:00' }));
    expect(booked.status).toBe(201);
    const after = (await student.get(`/api/users/${student.memberId}/balance`)).body;
    expect(after).toEqual({ availablePoints: before.availablePoints - 1, heldPoints: before.heldPoints + 1 });
  });
});
