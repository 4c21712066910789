// Skill search, 'Find Skills to Learn' (spec 001 §2.2, DESIGN.md §11): typo-tolerant text search by skill
// name, description and mentor, the category, level and minimum-rating filters, best rated first, the
// viewer's likes on the cards; and the '@' and '#' suggestions finding names through a typo too.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../api/contracts/dashboard.js';
import { skillSearchResultSchema, skillSearchTexts, type SkillSearchResult } from '../../api/contracts/skill-search.js';
import { bookingBody, MONDAY_0800, signedOut, weekdayAvailability } from '../support/session-fixtures.js';
import { HOUR_MS, signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('skill search', () => {
  let server: TestServer;
  let grace: ApiClient;
  let linus: ApiClient;
  let ada: ApiClient;
  let sam: ApiClient;
  const skillIds: Record<string, string> = {};

  const search = async (query: string, client: ApiClient = sam): Promise<SkillSearchResult> => {
    const response = await client.get(`/api/skill-search${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return skillSearchResultSchema.parse(response.body);
  };
  const names = (result: SkillSearchResult) => result.skills.map((s) => `${s.name} (${s.instructor.name})`);

  const teach = async (mentor: ApiClient, skill: Record<string, unknown>) => {
    const response = await mentor.patch(`/api/users/${mentor.memberId}`, { timeZone: 'UTC', skillsToTeach: [skill], availability: weekdayAvailability() });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const id = (response.body.skillsToTeach as { id: string }[])[0]!.id;
    skillIds[skill.name as string] = id;
    return id;
  };

  /** A session at 09:00 today, approved, completed and rated by the student. */
  const rate = async (student: ApiClient, mentor: ApiClient, skillId: string, stars: number, time: string) => {
    server.clock.set(MONDAY_0800);
    const booked = await student.post('/api/sessions', bookingBody({ mentor, skillId, date: '2026-12-07', time }));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.id as string;
    expect((await mentor.post(`/api/sessions/${id}/approve`, {})).status).toBe(200);
    server.clock.set(new Date(Date.parse(`2026-12-07T${time}:00.000Z`) + 2 * HOUR_MS).toISOString());
    expect((await mentor.post(`/api/sessions/${id}/complete`, {})).status).toBe(200);
    expect((await student.post(`/api/sessions/${id}/rate`, { rating: stars })).status).toBe(200);
  };

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800 });
    [grace, linus, ada, sam] = await Promise.all([
      signIn(server.url, 'grace@example.com', 'Grace Hopper'),
      signIn(server.url, 'linus@example.com', 'Linus Torvalds'),
      signIn(server.url, 'ada@example.com', 'Ada Lovelace'),
      signIn(server.url, 'sam@example.com', 'Sam Student'),
    ]);
    await teach(grace, { name: 'Python', description: 'Data pipelines and scripting', category: 'Development', experienceLevel: 'advanced', pointsPerHour: 1 });
    await teach(linus, { name: 'Python for beginners', description: 'Your first programs', category: 'Development', experienceLevel: 'beginner', pointsPerHour: 1 });
    await teach(ada, { name: 'Figma', description: 'Prototyping user interfaces', category: 'Design', experienceLevel: 'intermediate', pointsPerHour: 2 });
    await rate(sam, grace, skillIds.Python!, 5, '09:00');
    await rate(sam, linus, skillIds['Python for beginners']!, 4, '12:00');
    await vi.waitFor(async () => expect((await search('?minRating=4')).total).toBe(2), { timeout: 10_000, interval: 50 });
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  it("finds 'Python' from 'Pyhton', best rated first, with the card's instructor, rating, level and points", async () => {
    const found = await search('?q=Pyhton');
    expect(names(found)).toEqual(['Python (Grace Hopper)', 'Python for beginners (Linus Torvalds)']);
    expect(found).toMatchObject({ total: 2, totalCapped: false, nextOffset: null });
    expect(found.skills[0]).toEqual({
      id: skillIds.Python,
      name: 'Python',
      description: 'Data pipelines and scripting',
      category: 'Development',
      experienceLevel: 'advanced',
      pointsPerHour: 1,
      instructor: { id: grace.memberId, name: 'Grace Hopper', profileImageUrl: null, rating: 5, reviewCount: 1 },
      likesCount: 0,
      liked: false,
    });
    expect(found.skills[1]!.instructor).toMatchObject({ rating: 4, reviewCount: 1 });
    // Other typos of one letter: missing, added, wrong; and as typed, in any case.
    for (const q of ['pyton', 'pythonn', 'pithon', 'PYTHON', 'pyth']) expect(names(await search(`?q=${q}`)), q).toHaveLength(2);
  });

  it('matches by description and by mentor name, through a typo too', async () => {
    expect(names(await search('?q=prototyping'))).toEqual(['Figma (Ada Lovelace)']);
    expect(names(await search('?q=protoyping%20interfaces'))).toEqual(['Figma (Ada Lovelace)']);
    expect(names(await search('?q=Grace'))).toEqual(['Python (Grace Hopper)']);
    expect(names(await search('?q=torvlads'))).toEqual(['Python for beginners (Linus Torvalds)']);
    expect((await search('?q=cooking')).skills).toEqual([]);
    expect(await search('?q=%25')).toMatchObject({ skills: [], total: 0 });
  });

  it('filters by category, level and minimum rating, alone and together', async () => {
    expect(names(await search('?category=Design'))).toEqual(['Figma (Ada Lovelace)']);
    expect(names(await search('?level=beginner'))).toEqual(['Python for beginners (Linus Torvalds)']);
    expect(names(await search('?minRating=4.5'))).toEqual(['Python (Grace Hopper)']);
    expect(names(await search('?minRating=4.8&q=python'))).toEqual(['Python (Grace Hopper)']);
    expect(names(await search('?q=pyhton&level=advanced&category=Development'))).toEqual(['Python (Grace Hopper)']);
    expect((await search('?q=figma&category=Development')).total).toBe(0);
  });

  it('lists every skill best rated first when nothing is asked', async () => {
    const all = await search('');
    expect(names(all)).toEqual(['Python (Grace Hopper)', 'Python for beginners (Linus Torvalds)', 'Figma (Ada Lovelace)']);
    expect(all.skills.map((s) => s.instructor.rating)).toEqual([5, 4, 0]);
    expect(await search('?q=%20%20&minRating=0')).toEqual(all);
  });

  it("shows the viewer's like and the count on the card", async () => {
    expect((await sam.post(`/api/skills/${skillIds.Figma}/like`, {})).body).toEqual({ liked: true, likesCount: 1 });
    expect((await search('?q=figma')).skills[0]).toMatchObject({ liked: true, likesCount: 1 });
    expect((await search('?q=figma', grace)).skills[0]).toMatchObject({ liked: false, likesCount: 1 });
  });

  it('tells the mentor who liked the skill, once however often it is unliked and liked again', async () => {
    // Sam liked Figma just above.
    expect((await sam.post(`/api/skills/${skillIds.Figma}/like`, {})).body).toEqual({ liked: false, likesCount: 0 });
    expect((await sam.post(`/api/skills/${skillIds.Figma}/like`, {})).body).toEqual({ liked: true, likesCount: 1 });
    await vi.waitFor(
      async () => {
        const likes = (await ada.get<Notification[]>(`/api/users/${ada.memberId}/notifications`)).body.filter((n) => n.type === 'skill_like');
        expect(likes).toHaveLength(1);
        expect(likes[0]).toMatchObject({ title: 'New Like', message: 'Sam Student liked your skill: "Figma"', from_user_id: sam.memberId, read: false });
      },
      { timeout: 10_000, interval: 50 },
    );
    // Its red dot is on Search (spec 001 §2.8): the unread count says which type.
    expect((await ada.get<{ by_type: Record<string, number> }>(`/api/users/${ada.memberId}/notifications/unread-count`)).body.by_type).toMatchObject({ skill_like: 1 });
  });

  it("follows a mentor's new name and a removed skill", async () => {
    expect((await ada.patch(`/api/users/${ada.memberId}`, { name: 'Ada King' })).status).toBe(200);
    await vi.waitFor(async () => expect(names(await search('?q=king'))).toEqual(['Figma (Ada King)']), { timeout: 10_000, interval: 50 });
    expect((await search('?q=lovelace')).total).toBe(0);
    expect((await ada.patch(`/api/users/${ada.memberId}`, { skillsToTeach: [] })).status).toBe(200);
    await vi.waitFor(async () => expect((await search('?q=figma')).total).toBe(0), { timeout: 10_000, interval: 50 });
  });

  it('refuses bad filter values with a readable 400, and a signed-out caller with 401', async () => {
    const refused = async (query: string) => {
      const { status, body } = await sam.get(`/api/skill-search${query}`);
      return { status, body };
    };
    expect(await refused('?category=Cooking')).toEqual({ status: 400, body: { error: `category: ${skillSearchTexts.badCategory}` } });
    expect(await refused('?level=guru')).toEqual({ status: 400, body: { error: `level: ${skillSearchTexts.badLevel}` } });
    for (const minRating of ['3', '4.7', 'x', '']) {
      expect(await refused(`?minRating=${minRating}`), minRating).toEqual({ status: 400, body: { error: `minRating: ${skillSearchTexts.badMinRating}` } });
    }
    for (const offset of ['-1', '1.5', '1001']) expect((await refused(`?offset=${offset}`)).status, offset).toBe(400);
    expect(await refused(`?q=${'x'.repeat(101)}`)).toEqual({ status: 400, body: { error: `q: ${skillSearchTexts.queryTooLong}` } });
    expect(await signedOut(server.url, 'GET', '/api/skill-search?q=python')).toEqual({ status: 401, body: { error: 'User not authenticated' } });
  });

  it("suggests '@' members and '#' skills through a typo when nothing matches as typed", async () => {
    const suggest = async (path: string) => ((await sam.get(path)).body as { name: string }[]).map((s) => s.name);
    expect(await suggest('/api/users/search?q=hoppr')).toEqual(['Grace Hopper']);
    expect(await suggest('/api/users/search?q=Grcae')).toEqual(['Grace Hopper']);
    expect(await suggest('/api/skills/search?q=Pyhton')).toEqual(['Python', 'Python for beginners']);
    // As typed first: 'pyth' is inside both names, so no look-alike is added.
    expect(await suggest('/api/skills/search?q=pyth')).toEqual(['Python', 'Python for beginners']);
  });
});
