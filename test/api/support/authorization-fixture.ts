// The people and things of the authorization matrix: a mentor (Mia) and a student (Ann) sharing sessions,
// a stranger (Oscar) and an admin (Adam, in ADMIN_EMAILS); fresh sessions for rows that change them.
import { answeredPost } from '../../support/assistant-fixtures.js';
import { becomeMentor, bookingBody } from '../../support/session-fixtures.js';
import { signIn, type ApiClient, type TestServer } from '../../support/test-server.js';
import { smallPng } from './media-files.js';

export const ADMIN_EMAIL = 'adam-matrix@example.com';

export type Actor = 'anonymous' | 'stranger' | 'right' | 'wrong' | 'admin';
/** The order actors call a route in: the right member last, so what they change is not seen by the others. */
export const ACTORS: readonly Actor[] = ['anonymous', 'stranger', 'wrong', 'admin', 'right'];

/**
 * What a row's path parameters name. Rows that change a session get one of their own; 'own-sign-ins'
 * gives every actor a sign-in of their own (for routes that end the caller's session).
 */
export type Target =
  | 'none'
  | 'own-sign-ins'
  | 'member'
  | 'notification'
  | 'skill'
  | 'shared'
  | 'requested'
  | 'confirmed'
  | 'pending'
  | 'post'
  | 'comment'
  | 'ai-comment'
  | 'upload'
  | 'conversation'
  | 'message'
  | 'feature'
  | 'error-group'
  | 'resolved-error-group'
  | 'follower';
/** The right member: the session's student or mentor, a reschedule's proposer or answerer, the member named, or any member. */
export type Right = 'student' | 'mentor' | 'proposer' | 'answerer' | 'self' | 'any';

interface Scene {
  student: ApiClient;
  mentor: ApiClient;
  params: Record<string, string>;
  /** Instead of the fixture's. */
  stranger?: ApiClient;
  admin?: ApiClient;
}

export interface Fixture {
  stranger: ApiClient;
  admin: ApiClient;
  scene(target: Target): Promise<Scene>;
}

const DAYS = ['2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11'];
const TIMES = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];

export const createFixture = async (server: TestServer): Promise<Fixture> => {
  const [mia, ann, stranger, admin] = await Promise.all([
    signIn(server.url, 'mia-matrix@example.com', 'Mia'),
    signIn(server.url, 'ann-matrix@example.com', 'Ann'),
    signIn(server.url, 'oscar-matrix@example.com', 'Oscar'),
    signIn(server.url, ADMIN_EMAIL, 'Adam'),
  ]);
  const skillId = await becomeMentor(mia);
  let slot = 0;
  let students = 0;

  const book = async (student: ApiClient): Promise<string> => {
    const at = slot++;
    const booked = await student.post(
      '/api/sessions',
      bookingBody({ mentor: mia, skillId, date: DAYS[Math.floor(at / TIMES.length)]!, time: TIMES[at % TIMES.length]! }),
    );
    if (booked.status !== 201) throw new Error(`Booking for the matrix failed: ${booked.status} ${JSON.stringify(booked.body)}`);
    return booked.body.id as string;
  };
  const approve = async (id: string) => expectOk(await mia.post(`/api/sessions/${id}/approve`, {}), 'approve');
  const propose = async (id: string) => {
    const proposed = await mia.post(`/api/sessions/${id}/propose-modification`, { proposed_date: '2026-12-14', proposed_time: TIMES[slot++ % TIMES.length] });
    return expectOk(proposed, 'propose').body.pending_modification_id as string;
  };
  /** A session of its own, with a student of its own (each student has only 3 points). */
  const session = async (state: 'requested' | 'confirmed' | 'pending'): Promise<Scene> => {
    const student = await signIn(server.url, `student-${++students}-matrix@example.com`, `Student ${students}`);
    const id = await book(student);
    if (state === 'requested') return { student, mentor: mia, params: { id } };
    await approve(id);
    if (state === 'confirmed') return { student, mentor: mia, params: { id } };
    return { student, mentor: mia, params: { id, modId: await propose(id) } };
  };

  /** A checked media upload of Ann's (the app's own disk). */
  const upload = async (): Promise<string> => {
    const png = await smallPng();
    const asked = expectOk(await ann.post('/api/media/upload', { contentType: 'image/png', size: png.length }), 'upload').body as {
      id: string;
      uploadURL: string;
      headers: Record<string, string>;
    };
    const sent = await fetch(asked.uploadURL, { method: 'PUT', headers: { ...asked.headers, cookie: ann.cookie }, body: new Uint8Array(png) });
    if (sent.status !== 204) throw new Error(`Upload for the matrix failed: ${sent.status}`);
    expectOk(await ann.post(`/api/media/${asked.id}/complete`, {}), 'upload check');
    return asked.id;
  };

  const sharedId = await book(ann);
  await approve(sharedId);
  // streamId and correlationId: the audit's routes (issue 33) name the shared session's stream and chain.
  const shared = { student: ann, mentor: mia, params: { id: sharedId, modId: await propose(sharedId), streamId: `session-${sharedId}`, correlationId: sharedId } };
  await ann.post(`/api/sessions/${sharedId}/message`, { message: 'Hello' });
  const notifications = (await ann.get(`/api/users/${ann.memberId}/notifications`)).body as { id: string }[];
  if (!notifications[0]) throw new Error('Ann has no notification for the matrix');

  /** A post of Ann's of its own (rows edit and delete it), with a comment of hers. */
  const post = async (): Promise<Scene> => {
    const created = expectOk(await ann.post('/api/feed-posts', { content: 'Who can review my #Figma file?', category: 'design', urgency: 'low' }), 'post');
    const id = (created.body as { post: { id: string } }).post.id;
    const comment = expectOk(await ann.post('/api/comments', { post_id: id, content: 'Details below' }), 'comment');
    return { student: ann, mentor: mia, params: { id, postId: id, commentId: (comment.body as { comment: { id: string } }).comment.id } };
  };

  /** Ann and Mia's conversation with a message of Mia's to Ann (its id is `messageId`). */
  const conversation = async (): Promise<Record<string, string>> => {
    const started = expectOk(await ann.post('/api/conversations', { participant1_id: ann.memberId, participant2_id: mia.memberId }), 'conversation');
    const id = (started.body as { conversation: { id: string } }).conversation.id;
    const sent = expectOk(await mia.post('/api/messages', { conversation_id: id, content: 'Hi Ann' }), 'message');
    return { id, annId: ann.memberId, miaId: mia.memberId, messageId: (sent.body as { message: { id: string } }).message.id };
  };

  /** A group of its own: an error of Ann's browser with a message no other scene sends (in words: numbers group together). */
  const sceneWords = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];
  let errorGroups = 0;
  const errorGroup = async (): Promise<string> => {
    const message = `Matrix error ${sceneWords[errorGroups++ % sceneWords.length]} of the scene`;
    const error = { type: 'Error', message, stack: null, source: 'window', path: '/feed', occurredAt: '2026-12-07T08:00:00.000Z', appVersion: null };
    expectOk(await ann.post('/api/client-errors', { errors: [error] }), 'client error');
    const listed = expectOk(await admin.get(`/api/admin/errors?search=${encodeURIComponent(message)}`), 'error groups');
    const group = (listed.body as { id: string; message: string }[]).find((g) => g.message === message);
    if (!group) throw new Error(`No error group for the matrix's ${message}`);
    return group.id;
  };

  return {
    stranger,
    admin,
    scene: async (target) => {
      const people = { student: ann, mentor: mia };
      switch (target) {
        case 'none':
          return { ...people, params: {} };
        case 'own-sign-ins': {
          const again = (client: ApiClient) => signIn(server.url, client.email);
          const [student, mentor, strangerAgain, adminAgain] = await Promise.all([ann, mia, stranger, admin].map(again));
          return { student: student!, mentor: mentor!, stranger: strangerAgain!, admin: adminAgain!, params: {} };
        }
        case 'member':
          return { ...people, params: { id: ann.memberId } };
        case 'notification':
          return { ...people, params: { id: notifications[0]!.id } };
        case 'skill':
          return { ...people, params: { id: skillId, mentorId: mia.memberId } };
        case 'shared':
          return shared;
        case 'post':
          return post();
        case 'comment': {
          const scene = await post();
          return { ...scene, params: { id: scene.params.commentId! } };
        }
        case 'ai-comment':
          // A post of Mia's answered by The S brain (the matrix's server talks to a chat-completions server).
          return { ...people, params: await answeredPost(server, mia.memberId) };
        case 'upload':
          return { ...people, params: { id: await upload() } };
        case 'conversation':
          return { ...people, params: await conversation() };
        case 'message': {
          const params = await conversation();
          return { ...people, params: { ...params, id: params.messageId! } };
        }
        case 'feature':
          return { ...people, params: { featureId: 'post_job' } };
        case 'error-group':
          return { ...people, params: { groupId: await errorGroup() } };
        // A running follower told to resume: the control answers, and nothing about the follower changes.
        case 'follower':
          return { ...people, params: { name: 'balances', action: 'resume' } };
        case 'resolved-error-group': {
          const groupId = await errorGroup();
          expectOk(await admin.post(`/api/admin/errors/${groupId}/resolve`, { reason: 'Matrix' }), 'resolve');
          return { ...people, params: { groupId } };
        }
        default:
          return session(target);
      }
    },
  };
};

const expectOk = <T extends { status: number; body: unknown }>(response: T, what: string): T => {
  if (response.status >= 300) throw new Error(`${what} for the matrix failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response;
};

/** Who plays which part for a row: the right member and the wrong participant (the other one, or Mia for Ann's things). */
export const castOf = (right: Right, scene: Scene): { right: ApiClient; wrong: ApiClient } => {
  switch (right) {
    case 'mentor':
    case 'proposer':
      return { right: scene.mentor, wrong: scene.student };
    default:
      return { right: scene.student, wrong: scene.mentor };
  }
};

/** One call as an actor: a client's request, or a signed-out one. */
export const callAs = async (client: ApiClient | null, baseUrl: string, method: string, path: string, body: unknown) => {
  if (!client) {
    // Redirects are answers too (sign-in sends one): not followed, as for a signed-in client.
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json', origin: baseUrl };
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  }
  switch (method) {
    case 'GET':
      return client.get(path);
    case 'POST':
      return client.post(path, body);
    case 'PUT':
      return client.put(path, body);
    case 'PATCH':
      return client.patch(path, body);
    default:
      return client.delete(path, body);
  }
};
