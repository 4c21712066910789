// Issue 21 point 4: GET /api/users/{id}/reviews answers a member's rated, completed sessions with what a
// review card shows (spec 001 §2.11, §3 "Review source"), newest first, to any signed-in member; 404
// for a member who does not exist, 401 when signed out. Unrated and unfinished sessions are no reviews.
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewTexts } from '../../api/contracts/reviews.js';
import { MONDAY_0800, signedOut } from '../support/session-fixtures.js';
import { REVIEWS, seedReviews, type SeededReviews } from '../support/review-fixtures.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('reviews', () => {
  let server: TestServer;
  let seeded: SeededReviews;

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800 });
    seeded = await seedReviews(server);
    return () => server.close();
  }, 120_000);

  it("lists a mentor's reviews newest first with rating, text, skill, time, level, duration and reviewer", async () => {
    const { mia, leo, students, sessionIds } = seeded;
    const reviews = (await leo.get(`/api/users/${mia.memberId}/reviews`)).body as Record<string, unknown>[];
    expect(reviews.map((r) => r.session_id)).toEqual([...sessionIds].reverse());
    expect(reviews[reviews.length - 1]).toEqual({
      id: sessionIds[0],
      session_id: sessionIds[0],
      status: 'completed',
      instructor_id: mia.memberId,
      student_id: students.sam!.memberId,
      student_name: 'Sam Patel',
      student_avatar: null,
      rating: 5,
      student_rating: 5,
      review: REVIEWS[0]!.review,
      student_review: REVIEWS[0]!.review,
      skill_name: 'TypeScript Generics',
      scheduled_at: '2026-12-07T09:00:00.000Z',
      experience_level: 'advanced',
      duration_hours: 1,
      rated_at: '2026-12-07T15:31:00.000Z',
    });
    expect(reviews.map((r) => [r.rating, r.skill_name, r.experience_level, r.duration_hours, r.review])).toEqual(
      [...REVIEWS].reverse().map((r) => [r.rating, r.skill, r.skill === 'Figma Basics' ? 'beginner' : 'advanced', r.duration, r.review ?? null]),
    );
    // The profile's figures agree with the list.
    expect((await leo.get(`/api/users/${mia.memberId}`)).body).toMatchObject({ reviewCount: 5, rating: 3.8 });
  });

  it('answers an empty list for a member without reviews, a mentee included', async () => {
    expect((await seeded.mia.get(`/api/users/${seeded.leo.memberId}/reviews`)).body).toEqual([]);
    expect((await seeded.mia.get(`/api/users/${seeded.students.sam!.memberId}/reviews`)).body).toEqual([]);
  });

  it('answers 404 with the spec text for an unknown member, and 401 when signed out', async () => {
    expect(await seeded.leo.get('/api/users/no-such-member/reviews')).toMatchObject({ status: 404, body: { error: reviewTexts.userNotFound } });
    expect((await signedOut(server.url, 'GET', `/api/users/${seeded.mia.memberId}/reviews`)).status).toBe(401);
  });
});
