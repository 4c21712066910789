// Issue 19 point 6: every API route x {anonymous, stranger, right member, wrong participant, admin}.
// The routes come from the running app's route tree (hidden ones included), so a route added without a
// row here fails the test. A row is one line: what the path names, who the right member is, the body,
// and the expected outcome per actor in the order [anonymous, stranger, right, wrong, admin]:
//   401      signed out
//   'ok'     a 2xx or 3xx
//   'passes' authorization passed: anything but 401, 403 and 404 (e.g. 409 for a state the call does not fit)
//   'denied' 403, or 404 where the thing is hidden from the caller
//   'none'   200 with an empty list (a list narrowed to what the caller may see)
// A body may be a function of the path's parameters (and the mentor's id).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server.js';
import { startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import { ACTORS, ADMIN_EMAIL, callAs, castOf, createFixture, type Actor, type Fixture, type Right, type Target } from './support/authorization-fixture.js';
import { apiRoutes } from './support/route-table.js';

type Outcome = 401 | 'ok' | 'passes' | 'denied' | 'none';
interface Row {
  on: Target;
  right: Right;
  body?: Record<string, unknown> | ((params: Record<string, string>) => Record<string, unknown>);
  /** A query string the route needs (a GET whose subject is a query parameter). */
  query?: (params: Record<string, string>) => string;
  /** [anonymous, stranger, right, wrong, admin] */
  expect: [Outcome, Outcome, Outcome, Outcome, Outcome];
}

const D = 'denied';
const OK = 'ok';
const P = 'passes';
const NONE = 'none';

const MATRIX: Record<string, Row> = {
  'GET /api/health': { on: 'none', right: 'any', expect: [OK, OK, OK, OK, OK] },
  // Page views may come from anyone (interactions need a session: test/api/telemetry.int.test.ts).
  'POST /api/telemetry/batch': {
    on: 'none',
    right: 'any',
    body: { sentAt: 1_000, visitorId: 'matrix-visitor', pageViews: [{ at: 1_000, kind: 'view', path: '/feed' }] },
    expect: [OK, OK, OK, OK, OK],
  },
  // Analytics events may come from anyone (test/api/analytics.int.test.ts); the setting is public too.
  'POST /api/analytics/events': {
    on: 'none',
    right: 'any',
    body: { sentAt: 1_000, visitorId: 'matrix-visitor', events: [{ at: 1_000, kind: 'view', path: '/feed' }] },
    expect: [OK, OK, OK, OK, OK],
  },
  'GET /api/analytics/settings': { on: 'none', right: 'any', expect: [OK, OK, OK, OK, OK] },
  // Heat-map points may come from anyone, like the page views (test/api/heatmap.int.test.ts).
  'POST /api/analytics/interactions': {
    on: 'none',
    right: 'any',
    body: {
      sentAt: 1_000,
      visitorId: 'matrix-visitor',
      points: [{ at: 1_000, path: '/feed', action: 'click', x: 0.5, y: 10, viewport: { width: 1280, height: 800 }, fixed: false }],
    },
    expect: [OK, OK, OK, OK, OK],
  },
  'GET /api/login': { on: 'own-sign-ins', right: 'any', expect: [OK, OK, OK, OK, OK] },
  'GET /api/callback': { on: 'own-sign-ins', right: 'any', expect: [OK, OK, OK, OK, OK] },
  'GET /api/logout': { on: 'own-sign-ins', right: 'any', expect: [OK, OK, OK, OK, OK] },
  'GET /api/user': { on: 'none', right: 'any', expect: [401, OK, OK, OK, OK] },
  'GET /api/users': { on: 'none', right: 'any', expect: [401, OK, OK, OK, OK] },
  'GET /api/users/search': { on: 'none', right: 'any', expect: [401, OK, OK, OK, OK] },
  'GET /api/users/{id}': { on: 'member', right: 'self', expect: [401, OK, OK, OK, OK] },
  'PATCH /api/users/{id}': { on: 'member', right: 'self', body: { bio: 'Changed' }, expect: [401, D, OK, D, D] },
  'GET /api/users/{id}/balance': { on: 'member', right: 'self', expect: [401, D, OK, D, OK] },
  'GET /api/users/{id}/transactions': { on: 'member', right: 'self', expect: [401, D, OK, D, OK] },
  // Another member's id narrows the list to the sessions the caller shares with them.
  'GET /api/users/{id}/sessions': { on: 'member', right: 'self', expect: [401, NONE, OK, OK, NONE] },
  'GET /api/users/{id}/suggestions': { on: 'member', right: 'self', expect: [401, D, OK, D, D] },
  'GET /api/users/{id}/streak': { on: 'member', right: 'self', expect: [401, OK, OK, OK, OK] },
  'GET /api/users/{id}/available-slots': { on: 'member', right: 'self', expect: [401, OK, OK, OK, OK] },
  'GET /api/users/{id}/activity-summary': { on: 'member', right: 'self', expect: [401, D, OK, D, D] },
  'GET /api/users/{id}/recommendations': { on: 'member', right: 'self', expect: [401, D, OK, D, D] },
  'GET /api/users/{id}/reviews': { on: 'member', right: 'self', expect: [401, OK, OK, OK, OK] },
  'POST /api/users/{id}/profile-picture/upload-url': { on: 'member', right: 'self', body: { contentType: 'image/jpeg', size: 1000 }, expect: [401, D, OK, D, D] },
  // The member's own call reaches the upload look-up: no such upload is a 400.
  'POST /api/users/{id}/profile-picture': { on: 'member', right: 'self', body: { uploadId: 'no-such-upload' }, expect: [401, D, P, D, D] },
  'GET /api/users/{id}/onboarding': { on: 'member', right: 'self', expect: [401, D, OK, D, D] },
  'PATCH /api/users/{id}/onboarding': { on: 'member', right: 'self', body: { hasSeenWelcomeTour: true }, expect: [401, D, OK, D, D] },
  'GET /api/users/{id}/notifications': { on: 'member', right: 'self', expect: [401, D, OK, D, D] },
  'GET /api/users/{id}/notifications/unread-count': { on: 'member', right: 'self', expect: [401, D, OK, D, D] },
  'PUT /api/users/{id}/notifications/read-all': { on: 'member', right: 'self', expect: [401, D, OK, D, D] },
  'PUT /api/notifications/{id}/read': { on: 'notification', right: 'self', expect: [401, D, OK, D, D] },
  // The stranger books first; then Mia (herself), the admin and Ann meet the taken slot or the self-booking refusal.
  'POST /api/sessions': {
    on: 'skill',
    right: 'any',
    body: (p) => ({ instructor_id: p.mentorId, skill_id: p.id, session_date: '2026-12-11', session_time: '16:00' }),
    expect: [401, OK, P, P, P],
  },
  'GET /api/sessions/{id}': { on: 'shared', right: 'student', expect: [401, D, OK, OK, D] },
  'GET /api/sessions/{id}/modifications': { on: 'shared', right: 'student', expect: [401, D, OK, OK, D] },
  'GET /api/sessions/{id}/mutual-availability': { on: 'shared', right: 'student', expect: [401, D, OK, OK, D] },
  'GET /api/sessions/{id}/reschedule-slots': { on: 'shared', right: 'student', expect: [401, D, OK, OK, D] },
  'GET /api/sessions/{id}/holds': { on: 'shared', right: 'student', expect: [401, D, OK, OK, D] },
  'GET /api/sessions/{id}/calendar.ics': { on: 'shared', right: 'student', expect: [401, D, OK, OK, D] },
  'GET /api/sessions/{id}/thread': { on: 'shared', right: 'student', expect: [401, D, OK, OK, D] },
  'POST /api/sessions/{id}/message': { on: 'shared', right: 'student', body: { message: 'Hi' }, expect: [401, D, OK, OK, D] },
  'POST /api/sessions/{id}/approve': { on: 'requested', right: 'mentor', expect: [401, D, OK, D, D] },
  'POST /api/sessions/{id}/reject': { on: 'requested', right: 'mentor', body: { rejection_message: 'Not this week' }, expect: [401, D, OK, D, D] },
  'POST /api/sessions/{id}/cancel': { on: 'requested', right: 'student', expect: [401, D, OK, D, D] },
  'POST /api/sessions/{id}/cancel-session': { on: 'confirmed', right: 'student', body: { reason: 'Ill' }, expect: [401, D, P, OK, D] },
  'POST /api/sessions/{id}/complete': { on: 'confirmed', right: 'mentor', expect: [401, D, P, D, D] },
  'POST /api/sessions/{id}/rate': { on: 'confirmed', right: 'student', body: { rating: 5 }, expect: [401, D, P, D, D] },
  'POST /api/sessions/{id}/propose-modification': {
    on: 'confirmed',
    right: 'student',
    body: { proposed_date: '2026-12-15', proposed_time: '10:00' },
    expect: [401, D, P, OK, D],
  },
  'POST /api/sessions/{id}/propose-reschedule': { on: 'confirmed', right: 'student', body: { new_date: '2026-12-15', new_time: '11:00' }, expect: [401, D, P, OK, D] },
  'POST /api/sessions/{id}/modifications/{modId}/approve': { on: 'pending', right: 'answerer', expect: [401, D, OK, D, D] },
  'POST /api/sessions/{id}/modifications/{modId}/reject': { on: 'pending', right: 'answerer', expect: [401, D, OK, D, D] },
  'POST /api/sessions/{id}/cancel-modification': { on: 'pending', right: 'proposer', expect: [401, D, OK, D, D] },
  'GET /api/dashboard/sessions': { on: 'none', right: 'any', expect: [401, OK, OK, OK, OK] },
  'GET /api/dashboard/counts': { on: 'none', right: 'any', expect: [401, OK, OK, OK, OK] },
  'GET /api/dashboard/stats': { on: 'none', right: 'any', expect: [401, OK, OK, OK, OK] },
  'GET /api/skills/search': { on: 'none', right: 'any', expect: [401, OK, OK, OK, OK] },
  // The first creates the skill (201), the others are answered with it (200).
  'POST /api/skills': {
    on: 'none',
    right: 'any',
    body: { name: 'Matrix Algebra', category: 'Development', description: 'Rows and columns' },
    expect: [401, OK, OK, OK, OK],
  },
  'GET /api/skills/{id}/like-status': { on: 'skill', right: 'any', expect: [401, OK, OK, OK, OK] },
  'POST /api/skills/{id}/like': { on: 'skill', right: 'any', expect: [401, OK, OK, P, OK] },
  'GET /api/skill-search': { on: 'none', right: 'any', expect: [401, OK, OK, OK, OK] },
  'POST /api/feedback': { on: 'none', right: 'any', body: { message: 'Nice' }, expect: [401, OK, OK, OK, OK] },
  // Visitors write to support too (document 001 §2.12); the ticket is only logged.
  'POST /api/support/tickets': {
    on: 'none',
    right: 'any',
    body: { name: 'Ann', email: 'ann@example.com', subject: 'Help', priority: 'low', category: 'general', message: 'Hi' },
    expect: [OK, OK, OK, OK, OK],
  },
  // The feed: anyone reads, likes and comments; only the author (Ann) edits and deletes her post.
  'GET /api/posts': { on: 'none', right: 'any', expect: [401, OK, OK, OK, OK] },
  'GET /api/posts/{id}': { on: 'post', right: 'any', expect: [401, OK, OK, OK, OK] },
  'GET /api/posts/{id}/comments': { on: 'post', right: 'any', expect: [401, OK, OK, OK, OK] },
  'POST /api/feed-posts': { on: 'none', right: 'any', body: { content: 'Matrix post', category: 'design', urgency: 'low' }, expect: [401, OK, OK, OK, OK] },
  'PUT /api/feed-posts/{id}': { on: 'post', right: 'student', body: { content: 'Edited', urgency: 'high' }, expect: [401, D, OK, D, D] },
  'DELETE /api/posts/{id}': { on: 'post', right: 'student', expect: [401, D, OK, D, D] },
  'PUT /api/posts/{id}/like': { on: 'post', right: 'any', expect: [401, OK, OK, OK, OK] },
  'DELETE /api/posts/{id}/like': { on: 'post', right: 'any', expect: [401, OK, OK, OK, OK] },
  'POST /api/comments': { on: 'post', right: 'any', body: (p) => ({ post_id: p.id, content: 'Happy to help' }), expect: [401, OK, OK, OK, OK] },
  'PUT /api/comments/{id}/like': { on: 'comment', right: 'any', expect: [401, OK, OK, OK, OK] },
  'DELETE /api/comments/{id}/like': { on: 'comment', right: 'any', expect: [401, OK, OK, OK, OK] },
  'GET /api/the-s-brain/status': { on: 'none', right: 'any', expect: [401, OK, OK, OK, OK] },
  // The first ask is recorded; the next ones may meet the post's request still being answered (409).
  'POST /api/the-s-brain/ask': {
    on: 'ai-comment',
    right: 'any',
    body: (p) => ({ contentId: p.postId, contentType: 'post', text: 'And then?' }),
    expect: [401, OK, P, P, P],
  },
  'POST /api/ai/feedback': { on: 'ai-comment', right: 'any', body: (p) => ({ commentId: p.commentId, feedbackType: 'helpful' }), expect: [401, OK, OK, OK, OK] },
  'GET /api/ai/feedback/stats/{commentId}': { on: 'ai-comment', right: 'any', expect: [401, OK, OK, OK, OK] },
  'POST /api/media/upload': { on: 'none', right: 'any', body: { visibility: 'public', contentType: 'image/png' }, expect: [401, OK, OK, OK, OK] },
  // Ann's checked upload: only she completes it (again) or sends its file (409 now: it holds one); anyone fetches the checked file.
  'POST /api/media/{id}/complete': { on: 'upload', right: 'student', expect: [401, D, OK, D, D] },
  'PUT /api/media/{id}/file': { on: 'upload', right: 'student', expect: [401, D, P, D, D] },
  'GET /api/media/{id}/file': { on: 'upload', right: 'any', expect: [OK, OK, OK, OK, OK] },
  // Without ?url= every member gets the 400; signed out, the 401.
  'GET /api/og': { on: 'none', right: 'any', expect: [401, P, P, P, P] },
  'GET /api/og/image': { on: 'none', right: 'any', expect: [401, P, P, P, P] },
  // Messaging: only the two members (Ann and Mia) of a conversation read or write it; a member lists only their own.
  'GET /api/users/{id}/conversations': { on: 'member', right: 'self', expect: [401, D, OK, D, D] },
  'POST /api/conversations': { on: 'conversation', right: 'student', body: (p) => ({ participant1_id: p.annId, participant2_id: p.miaId }), expect: [401, D, OK, OK, D] },
  'GET /api/conversations/{id}/messages': { on: 'conversation', right: 'student', expect: [401, D, OK, OK, D] },
  'POST /api/messages': { on: 'conversation', right: 'student', body: (p) => ({ conversation_id: p.id, content: 'Matrix hello' }), expect: [401, D, OK, OK, D] },
  'PUT /api/messages/{id}/read': { on: 'message', right: 'student', expect: [401, D, OK, OK, D] },
  // Feature voting (issue 31 point 9): any member votes and comments; the status is the admin scope's.
  'GET /api/feature-votes/{featureId}': { on: 'feature', right: 'any', expect: [401, OK, OK, OK, OK] },
  'GET /api/feature-votes/{featureId}/user-vote': { on: 'feature', right: 'any', expect: [401, OK, OK, OK, OK] },
  'POST /api/feature-votes': { on: 'none', right: 'any', body: { feature_id: 'post_job', vote_type: 'like' }, expect: [401, OK, OK, OK, OK] },
  'GET /api/feature-comments/{featureId}': { on: 'feature', right: 'any', expect: [401, OK, OK, OK, OK] },
  'POST /api/feature-comments': { on: 'none', right: 'any', body: { feature_id: 'post_job', content: 'Matrix comment' }, expect: [401, OK, OK, OK, OK] },
  // The admin scope (issue 30 point 4): one guard, so every member is refused alike.
  'POST /api/admin/features/{featureId}/status': { on: 'feature', right: 'any', body: { status: 'planned', note: 'Matrix' }, expect: [401, D, D, D, OK] },
  'GET /api/admin/me': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/operations/followers': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/operations': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/sessions/{id}/evidence': { on: 'requested', right: 'any', expect: [401, D, D, D, OK] },
  'POST /api/admin/operations/{name}/{action}': { on: 'follower', right: 'any', body: {}, expect: [401, D, D, D, OK] },
  'GET /api/admin/events': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/correlations/{correlationId}': { on: 'shared', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/streams/{streamId}': { on: 'shared', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/audit/ledger/members/{id}': { on: 'member', right: 'self', expect: [401, D, D, D, OK] },
  // No SMTP_URL here: the admin is told e-mail is not configured (200); test/api/admin-test-email.int.test.ts sends.
  'POST /api/admin/test-email': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/admin-activities': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/activities': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/users': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/user-detail': { on: 'member', right: 'self', query: (p) => `?userId=${p.id}`, expect: [401, D, D, D, OK] },
  'GET /api/admin/user-stats': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/user-activities': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/stats': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/live-activity': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/funnel/stopped': { on: 'none', right: 'any', query: () => '?step=signedUp', expect: [401, D, D, D, OK] },
  'GET /api/admin/ai/analytics': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/health-metrics': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/metrics': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'POST /api/admin/members/{id}/corrections': {
    on: 'member',
    right: 'self',
    body: { amount: 1, reason: 'Matrix', idempotencyKey: '0b6f3f5e-8d4a-4c43-9a51-6f1c2f0d9e11' },
    expect: [401, D, D, D, OK],
  },
  // The ledger audit (issue 33 point 3): its state and its full audit are the admin's.
  'GET /api/admin/audit/ledger': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'POST /api/admin/audit/ledger/run': { on: 'none', right: 'any', body: {}, expect: [401, D, D, D, OK] },
  // The error monitor (issue 32): the browser's errors come from anyone; the groups and their status are the admin's.
  'POST /api/client-errors': {
    on: 'none',
    right: 'any',
    body: { errors: [{ type: 'Error', message: 'Matrix', stack: null, source: 'window', path: '/feed', occurredAt: '2026-12-07T08:00:00.000Z', appVersion: null }] },
    expect: [OK, OK, OK, OK, OK],
  },
  'GET /api/admin/errors': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/error-stats': { on: 'none', right: 'any', expect: [401, D, D, D, OK] },
  'GET /api/admin/errors/{groupId}': { on: 'error-group', right: 'any', expect: [401, D, D, D, OK] },
  'POST /api/admin/errors/{groupId}/resolve': { on: 'error-group', right: 'any', body: { reason: 'Matrix' }, expect: [401, D, D, D, OK] },
  'POST /api/admin/errors/{groupId}/ignore': { on: 'error-group', right: 'any', body: { reason: 'Matrix' }, expect: [401, D, D, D, OK] },
  'POST /api/admin/errors/{groupId}/reopen': { on: 'resolved-error-group', right: 'any', body: { reason: 'Matrix' }, expect: [401, D, D, D, OK] },
  // Last: it ends every session of each actor's member, the fixture's own sign-ins too.
  'POST /api/logout/everywhere': { on: 'own-sign-ins', right: 'any', expect: [401, OK, OK, OK, OK] },
};

const fits = (outcome: Outcome, status: number, body: unknown): boolean => {
  if (outcome === 401) return status === 401;
  if (outcome === 'ok') return status >= 200 && status < 400;
  if (outcome === 'denied') return status === 403 || status === 404;
  if (outcome === 'none') return status === 200 && Array.isArray(body) && body.length === 0;
  return status < 500 && ![401, 403, 404].includes(status);
};

const column: Record<Actor, number> = { anonymous: 0, stranger: 1, right: 2, wrong: 3, admin: 4 };

describe('authorization matrix', () => {
  let server: TestServer;
  let fixture: Fixture;
  let model: OpenAiCompatibleServer;
  beforeAll(async () => {
    model = await startOpenAiCompatibleServer();
    server = await startTestServer({ now: '2026-12-07T08:00:00.000Z', env: { ADMIN_EMAILS: ADMIN_EMAIL, OPENAI_BASE_URL: model.baseUrl } });
    fixture = await createFixture(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });

  it('has a row for every route the app serves, and none for a route it does not', () => {
    const routes = apiRoutes(server.app);
    expect(
      routes.filter((route) => !(route in MATRIX)),
      'routes without a row: add one to MATRIX',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((route) => !routes.includes(route)),
      'rows for routes that no longer exist',
    ).toEqual([]);
  });

  // A route only an admin passes belongs in the /api/admin scope, behind its guard (api/routes/admin/);
  // the rows are checked against the server below, so this reads what the routes do.
  it('has no admin-only route outside /api/admin, and no member route inside it', () => {
    const adminOnly = (row: Row) => row.expect[column.admin] === OK && row.expect.slice(0, 4).every((outcome) => outcome === 401 || outcome === D);
    const routes = Object.entries(MATRIX);
    expect(routes.filter(([route, row]) => adminOnly(row) && !route.split(' ')[1]!.startsWith('/api/admin/')).map(([route]) => route)).toEqual([]);
    expect(routes.filter(([route, row]) => !adminOnly(row) && route.split(' ')[1]!.startsWith('/api/admin/')).map(([route]) => route)).toEqual([]);
  });

  it.each(Object.entries(MATRIX))('%s', async (route, row) => {
    const [method, template] = route.split(' ') as [string, string];
    const scene = await fixture.scene(row.on);
    const cast = castOf(row.right, scene);
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => scene.params[name] ?? 'missing') + (row.query?.(scene.params) ?? '');
    const clients: Record<Actor, ApiClient | null> = {
      anonymous: null,
      stranger: scene.stranger ?? fixture.stranger,
      right: cast.right,
      wrong: cast.wrong,
      admin: scene.admin ?? fixture.admin,
    };
    const seen: string[] = [];
    for (const actor of ACTORS) {
      const body = typeof row.body === 'function' ? row.body(scene.params) : row.body;
      const response = await callAs(clients[actor], server.url, method, path, method === 'GET' ? undefined : (body ?? {}));
      const expected = row.expect[column[actor]]!;
      if (!fits(expected, response.status, response.body))
        seen.push(`${actor}: expected ${expected}, got ${response.status} ${JSON.stringify(response.body)?.slice(0, 120)}`);
    }
    expect(seen.join('\n')).toBe('');
  });
});
