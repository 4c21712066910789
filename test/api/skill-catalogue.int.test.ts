// The skill catalogue (spec 001 §7 'POST /skills with name, category, description, once for each #tag
// in a post'; issue 20 point 3): the server catalogues each new #tag of a post or comment through a
// reactor, once whatever replays, and members create skills with POST /api/skills.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addComment } from '../../commands/feed/comments.js';
import { completeAiReply } from '../../commands/feed/assistant.js';
import { createPost, editPost } from '../../commands/feed/posts.js';
import { skillIdFor } from '../../commands/skill-catalogue/skill-catalogue.js';
import { skillCatalogueTagsReactor } from '../../commands/skill-catalogue/tags-reactor.js';
import { skillCatalogueStreamId, postStreamId } from '../../commands/stream-ids.js';
import { TAG_DESCRIPTION } from '../../domain/skill-catalogue/decide.js';
import { THE_S_BRAIN_ID } from '../../domain/post/rules.js';
import { signedOut } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('skill catalogue', () => {
  let server: TestServer;
  let ada: ApiClient;
  let bob: ApiClient;

  const now = () => server.clock().toISOString();
  const catalogued = async (name: string) => (await server.store.readStream(skillCatalogueStreamId(skillIdFor(name)))).map((e) => e.data);
  /** The catalogue's row, once the reactor and the read model have caught up. */
  const row = async (name: string) => {
    let found: { name: string; category: string; description: string; source: string; created_by: string | null; post_id: string | null } | undefined;
    await vi.waitFor(
      async () => {
        found = await server.sql.db.selectFrom('skill_catalogue').selectAll().where('id', '=', skillIdFor(name)).executeTakeFirst();
        expect(found).toBeDefined();
      },
      { timeout: 10_000, interval: 50 },
    );
    return found!;
  };

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-12-07T08:00:00.000Z' });
    [ada, bob] = await Promise.all([signIn(server.url, 'ada@example.com', 'Ada'), signIn(server.url, 'bob@example.com', 'Bob')]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("catalogues each #tag of a post, in the post's category, and of a comment", async () => {
    const { postId } = await createPost(server.commands, {
      actorId: ada.memberId,
      content: 'Learning #Rust and #C++ this week, #rust mostly',
      category: 'design',
      urgency: 'low',
      now: now(),
    });
    expect(await row('rust')).toMatchObject({ name: 'Rust', category: 'Design', description: TAG_DESCRIPTION, source: 'tag', created_by: ada.memberId, post_id: postId });
    expect(await row('C++')).toMatchObject({ name: 'C++', category: 'Design' });
    await addComment(server.commands, { actorId: bob.memberId, postId, content: 'Try #Node.js too', now: now() });
    expect(await row('node.js')).toMatchObject({ name: 'Node.js', category: 'Development', created_by: bob.memberId, post_id: postId });
    await editPost(server.commands, { actorId: ada.memberId, postId, content: 'Now #Kotlin', urgency: 'low', now: now() });
    expect(await row('kotlin')).toMatchObject({ name: 'Kotlin', category: 'Design' });
  });

  it('adds nothing twice: a tag catalogued before, and a replay of the same events', async () => {
    const { postId } = await createPost(server.commands, { actorId: bob.memberId, content: '#RUST again', category: 'business', urgency: 'low', now: now() });
    await addComment(server.commands, { actorId: ada.memberId, postId, content: '#Haskell', now: now() });
    await row('haskell');
    expect(await catalogued('rust')).toHaveLength(1);
    expect((await row('rust')).name).toBe('Rust');
    // As after a crash before the checkpoint: the reactor meets the same events again.
    const events = await server.store.readStream(postStreamId(postId));
    await skillCatalogueTagsReactor(server.commands).react(events);
    await skillCatalogueTagsReactor(server.commands).react(events);
    expect(await catalogued('haskell')).toHaveLength(1);
    expect(await catalogued('rust')).toHaveLength(1);
  });

  it("leaves out the tags of The S brain's answers", async () => {
    const { postId, aiRequestId } = await createPost(server.commands, {
      actorId: ada.memberId,
      content: '@The S brain which language? #Zig',
      category: 'development',
      urgency: 'low',
      mentions: [THE_S_BRAIN_ID],
      assistantAvailable: true,
      now: now(),
    });
    await completeAiReply(server.commands, { postId, requestId: aiRequestId!, content: 'Try #Elixir', invocation: null, now: now() });
    await addComment(server.commands, { actorId: bob.memberId, postId, content: 'Or #Ocaml', now: now() });
    await row('ocaml');
    expect(await catalogued('zig')).toHaveLength(1);
    expect(await catalogued('elixir')).toEqual([]);
  });

  it('creates a skill from the Create New Skill call, and answers a known name with the entry it has', async () => {
    const created = await ada.post('/api/skills', { name: '  Machine   Learning ', category: 'Data', description: 'Models from data' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: skillIdFor('machine learning'), name: 'Machine Learning', category: 'Data', description: 'Models from data', source: 'member' });
    const again = await bob.post('/api/skills', { name: 'machine learning', category: 'Business', description: 'Something else' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
    // A tag that names it later changes nothing either.
    const tagged = await ada.post('/api/skills', { name: 'Rust', description: 'Systems programming' });
    expect(tagged.status).toBe(200);
    expect(tagged.body).toMatchObject({ name: 'Rust', description: TAG_DESCRIPTION, source: 'tag' });
    expect(await catalogued('machine learning')).toHaveLength(1);
    expect(await row('machine learning')).toMatchObject({ created_by: ada.memberId, source: 'member', category: 'Data' });
    // The creator is the signed-in member, whatever the body says.
    const forged = await bob.post('/api/skills', { name: 'Forgery', description: 'x', createdBy: ada.memberId, created_by: ada.memberId });
    expect(forged.status).toBe(201);
    expect((await row('forgery')).created_by).toBe(bob.memberId);
  });

  it('refuses bad input with the form’s texts and catalogues nothing', async () => {
    const cases: [unknown, string][] = [
      [{ name: '   ', description: 'Text' }, 'Please enter a skill name'],
      [{ description: 'Text' }, 'Please enter a skill name'],
      [{ name: 'Blank description', description: '  ' }, 'Please enter a description for this skill'],
      [{ name: 'No description' }, 'Please enter a description for this skill'],
      [{ name: 'x'.repeat(101), description: 'Text' }, 'Skill names are at most 100 characters'],
      [{ name: 'Long category', description: 'Text', category: 'c'.repeat(51) }, 'Skill categories are at most 50 characters'],
      [{ name: 42, description: 'Text' }, 'name: Please enter a skill name'],
      [[], 'The request body must be a JSON object'],
    ];
    for (const [body, error] of cases) {
      const response = await ada.post('/api/skills', body);
      expect({ body, status: response.status, answer: response.body }).toEqual({ body, status: 400, answer: { error } });
    }
    for (const name of ['Blank description', 'No description', 'Long category']) expect(await catalogued(name)).toEqual([]);
    expect(await signedOut(server.url, 'POST', '/api/skills')).toEqual({ status: 401, body: { error: 'User not authenticated' } });
  });
});
