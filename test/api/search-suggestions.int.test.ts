// '@' and '#' suggestions (spec 001 §5 'suggestions start at 1 character', §7 GET /users/search and
// /skills/search): members by name (never an e-mail) with The S brain when it matches, and skills of
// the catalogue and of members' profiles, at most 8, the names that start with the query first.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueSkill } from '../../commands/skill-catalogue/skill-catalogue.js';
import { THE_S_BRAIN_ID } from '../../domain/post/rules.js';
import { signedOut } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

type Suggestion = { id: string; name: string };

describe('search suggestions', () => {
  let server: TestServer;
  let ada: ApiClient;
  let bob: ApiClient;

  const users = async (q: string) => (await ada.get<Suggestion[]>(`/api/users/search?q=${encodeURIComponent(q)}`)).body;
  const skills = async (q: string) => (await ada.get<Suggestion[]>(`/api/skills/search?q=${encodeURIComponent(q)}`)).body;
  const names = (list: Suggestion[]) => list.map((s) => s.name);

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-12-07T08:00:00.000Z' });
    [ada, bob] = await Promise.all([signIn(server.url, 'ada.secret@example.com', 'Ada Lovelace'), signIn(server.url, 'bob@example.com', 'Bob Marley')]);
    // Ten members named Mar..., to see the limit; and one whose second word starts the same.
    for (let i = 0; i < 10; i++) await signIn(server.url, `m${i}@example.com`, `Mara ${String.fromCharCode(65 + i)}`);
    await signIn(server.url, 'omar@example.com', 'Omar Sharif');
    // Catalogue and profile skills.
    const now = server.clock().toISOString();
    for (const name of ['TypeScript', 'Rust', 'Ruby on Rails', 'React Native', 'Public Speaking']) {
      await catalogueSkill(server.commands, { name, category: 'Development', description: name, createdBy: ada.memberId, source: 'member', now });
    }
    const patched = await bob.patch(`/api/users/${bob.memberId}`, {
      skillsToTeach: [
        { name: 'rust', description: 'Ownership', category: 'Development' },
        { name: 'Russian', description: 'Language', category: 'Other' },
        { name: 'JavaScript', description: 'The web', category: 'Development' },
      ],
    });
    expect(patched.status).toBe(200);
    await vi.waitFor(async () => expect(await skills('typescript')).toHaveLength(1), { timeout: 10_000, interval: 50 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('suggests members from one character, names first that start with it, at most 8, without e-mails', async () => {
    const found = await ada.get(`/api/users/search?q=M`);
    expect(found.status).toBe(200);
    expect(found.body).toHaveLength(8);
    for (const suggestion of found.body) expect(Object.keys(suggestion).sort()).toEqual(['id', 'isAi', 'name', 'profileImageUrl']);
    expect(names(found.body).slice(0, 8)).toEqual(['Mara A', 'Mara B', 'Mara C', 'Mara D', 'Mara E', 'Mara F', 'Mara G', 'Mara H']);
    // A word of the name, then anywhere in it: 'mar' is Bob Marley's second word and inside Omar.
    expect(names(await users('marl'))).toEqual(['Bob Marley']);
    expect(names(await users('omar'))).toEqual(['Omar Sharif']);
    expect(names(await users('ada lov'))).toEqual(['Ada Lovelace']);
    expect(names(await users('  LOVE '))).toEqual(['Ada Lovelace']);
  });

  it('never finds a member by e-mail', async () => {
    expect(await users('secret')).toEqual([]);
    expect(await users('example.com')).toEqual([]);
  });

  it('offers The S brain when its name matches', async () => {
    expect((await users('the s'))[0]).toEqual({ id: THE_S_BRAIN_ID, name: 'The S brain', profileImageUrl: null, isAi: true });
    expect((await users('brai')).map((s) => s.id)).toEqual([THE_S_BRAIN_ID]);
    expect((await users('bob')).some((s) => s.id === THE_S_BRAIN_ID)).toBe(false);
  });

  it('suggests skills of the catalogue and of profiles, one per name, those starting with the query first', async () => {
    expect(names(await skills('r'))).toEqual(['Rust', 'React Native', 'Ruby on Rails', 'Russian', 'TypeScript', 'JavaScript']);
    expect(names(await skills('ru'))).toEqual(['Rust', 'Ruby on Rails', 'Russian']);
    // Contains: inside a name, of the catalogue and of profiles.
    expect(names(await skills('script'))).toEqual(['TypeScript', 'JavaScript']);
    expect((await skills('rust'))[0]).toMatchObject({ name: 'Rust', category: 'Development' });
    expect(await skills('nothing like it')).toEqual([]);
  });

  it('answers a blank query with nothing and refuses an over-long one', async () => {
    expect(await users('')).toEqual([]);
    expect(await skills('   ')).toEqual([]);
    expect((await ada.get('/api/users/search')).body).toEqual([]);
    for (const path of ['/api/users/search', '/api/skills/search']) {
      const response = await ada.get(`${path}?q=${'x'.repeat(101)}`);
      expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 400, body: { error: 'q: Search at most 100 characters' } });
      expect(await signedOut(server.url, 'GET', `${path}?q=a`)).toEqual({ status: 401, body: { error: 'User not authenticated' } });
    }
  });

  it('treats the characters of SQL patterns as text', async () => {
    expect(await users('%')).toEqual([]);
    expect(await skills('_')).toEqual([]);
  });
});
