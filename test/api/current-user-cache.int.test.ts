// GET /api/user answers from an in-process cache (api/keyed-cache.ts). These tests make sure the cache
// never hides a change: the member's own writes, and changes made by someone else or by the scheduler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { becomeMentor, bookingBody, MONDAY_0800 } from '../support/session-fixtures.js';
import { HOUR_MS, signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('the current member answer', () => {
  let server: TestServer;
  let mentor: ApiClient;
  let student: ApiClient;
  let skillId: string;
  const me = async (client: ApiClient) => (await client.get('/api/user')).body;

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800 });
    [mentor, student] = await Promise.all([signIn(server.url, 'carla@example.com', 'Carla'), signIn(server.url, 'dev@example.com', 'Dev')]);
    skillId = await becomeMentor(mentor);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("shows the member's own profile change right after the PATCH", async () => {
    expect((await me(student)).location).toBe('');
    await me(student); // now cached
    const patched = await student.patch(`/api/users/${student.memberId}`, { location: 'Lisbon' });
    expect(patched.status).toBe(200);
    expect((await me(student)).location).toBe('Lisbon');
  });

  it("shows points held by the member's own booking right after it", async () => {
    expect((await me(student)).points).toBe(3);
    const booked = await student.post('/api/sessions', bookingBody({ mentor, skillId, date: '2026-12-07', time: '10:00' }));
    expect(booked.status).toBe(201);
    const after = await me(student);
    expect([after.points, after.heldPoints]).toEqual([2, 1]);

    // Someone else's action (the mentor approves) and the scheduler (completion) change the figures of
    // the other member: the mentor's cached answer must follow, through the change notices.
    expect((await me(mentor)).points).toBe(3);
    expect((await mentor.post(`/api/sessions/${booked.body.id}/approve`, {})).status).toBe(200);
    server.clock.advance(4 * HOUR_MS);
    await server.tickScheduler();
    await expect.poll(async () => (await me(mentor)).points, { timeout: 2000, interval: 20 }).toBe(4);
    await expect.poll(async () => (await me(mentor)).completedSwaps, { timeout: 2000, interval: 20 }).toBe(1);
    const student2 = await me(student);
    expect([student2.points, student2.heldPoints]).toEqual([2, 0]);
  });
});
