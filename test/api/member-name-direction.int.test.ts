// Direction controls in members' names (issue 29 item 5, decision 187): a name with one could read
// as other text, so the profile refuses it with a readable 400 and changes nothing, and a name the
// sign-in provider gives has them dropped rather than stopping the sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberStreamId } from '../../commands/stream-ids.js';
import { profileTexts } from '../../domain/member/profile-rules.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('direction controls in member names', () => {
  let server: TestServer;
  let ann: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    ann = await signIn(server.url, 'ann@example.com', 'Ann');
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['a right-to-left override (U+202E)', 'Ann\u202Enimda'],
    ['a left-to-right embedding (U+202A)', '\u202AAnn'],
    ['a right-to-left isolate (U+2067)', 'Ann \u2067Admin\u2069'],
  ])('refuses a name with %s (400, nothing changed)', async (_, name) => {
    const events = (await server.store.readStream(memberStreamId(ann.memberId))).length;
    const before = (await ann.get(`/api/users/${ann.memberId}`)).body;
    const refused = await ann.patch(`/api/users/${ann.memberId}`, { name });
    expect(refused).toMatchObject({ status: 400, body: { error: `name: ${profileTexts.nameDirectionControls}` } });
    expect((await ann.get(`/api/users/${ann.memberId}`)).body).toEqual(before);
    expect(await server.store.readStream(memberStreamId(ann.memberId))).toHaveLength(events);
  });

  it('takes a right-to-left name with its marks (U+200F)', async () => {
    const saved = await ann.patch(`/api/users/${ann.memberId}`, { name: '\u05E9\u05E8\u05D4\u200F Ann' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await ann.get(`/api/users/${ann.memberId}`)).body.name).toBe('\u05E9\u05E8\u05D4\u200F Ann');
  });

  it('registers a provider name without its direction controls', async () => {
    const eve = await signIn(server.url, 'eve@example.com', 'Eve\u202E nimdA');
    expect((await eve.get('/api/user')).body.name).toBe('Eve nimdA');
  });
});
