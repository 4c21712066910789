// Every stream category and the deciders the commands fold its streams with (DESIGN.md §13), made from
// the same functions commands/stream-ids.ts exports; the composition root puts it under stateAt
// (commands/wiring.ts: wireStateAt). A stream-id function added to stream-ids.ts joins a category here:
// stream-catalogue.unit.test.ts fails until it does.
import { adminActionsDecider } from '../domain/admin-actions/decide.js';
import { aiQuotaDecider } from '../domain/assistant-quota/quota.js';
import { conversationDecider } from '../domain/conversation/decide.js';
import { errorGroupDecider } from '../domain/error-group/decide.js';
import { featureDecider, featureVoteDecider } from '../domain/feature-vote/decide.js';
import { feedbackDecider } from '../domain/feedback/decide.js';
import { ledgerDecider } from '../domain/ledger/decide.js';
import { memberDecider } from '../domain/member/decide.js';
import { welcomeTourDecider } from '../domain/member/welcome-tour.js';
import { inboxDecider } from '../domain/notification-inbox/decide.js';
import { postDecider } from '../domain/post/decide.js';
import { sessionDecider } from '../domain/session/decide.js';
import { skillCatalogueDecider } from '../domain/skill-catalogue/decide.js';
import { skillLikeDecider } from '../domain/skill-like/decide.js';
import { slotDecider } from '../domain/slot/decider.js';
import { defineStreamCatalogue, type CategoryFolds, type StreamCatalogue, type StreamCategory, type StreamIdFunction } from './runtime/stream-catalogue.js';
import { bookingDecisionDecider } from './sessions/booking-record.js';
import { CARRY_OVER_STREAM } from './sessions/carry-over-slots.js';
import { STUDENT_TIME_STREAM } from './sessions/carry-over-student-time.js';
import {
  adminActionsStreamId,
  aiQuotaStreamId,
  bookingsIndexStreamId,
  bookingsIndexStreamIds,
  bookingStreamId,
  conversationStreamId,
  errorGroupStreamId,
  featureStreamId,
  featureVoteStreamId,
  feedbackStreamId,
  inboxStreamId,
  LEGACY_BOOKINGS_INDEX_STREAM,
  ledgerStreamId,
  memberStreamId,
  postStreamId,
  sessionStreamId,
  skillCatalogueStreamId,
  skillLikesStreamId,
  slotHourStreamId,
} from './stream-ids.js';

/** Streams of `prefix` named by `namedBy`, folded by `folds`; `example` is an id namedBy makes. */
const folded = (prefix: string, namedBy: StreamIdFunction, example: string, folds: CategoryFolds, describes: string): StreamCategory => ({
  kind: 'folded',
  match: { prefix },
  folds,
  namedBy: [namedBy],
  examples: () => [example],
  describes,
});

/** One stream that no decider decides on (a marker, an old index): its events are shown as they are. */
const single = (name: string, describes: string): StreamCategory => ({ kind: 'raw', match: { exact: name }, namedBy: [name], examples: () => [name], describes });

const ID = '7f3c2a9e-0b1d-4c5e-8f6a-1b2c3d4e5f60';
const HOUR = '2026-03-02T09:00:00.000Z';
const DAY = '2026-03-02';

export const streamCatalogue: StreamCatalogue = defineStreamCatalogue([
  folded('member-', memberStreamId, memberStreamId(ID), { member: memberDecider, welcomeTour: welcomeTourDecider }, "a member's profile, skills, availability and tour"),
  folded('ledger-', ledgerStreamId, ledgerStreamId(ID), { ledger: ledgerDecider }, "a member's points: grants, holds, refunds, transfers"),
  folded('session-', sessionStreamId, sessionStreamId(ID), { session: sessionDecider }, "a session's lifecycle, thread and rating"),
  folded('slots-', slotHourStreamId, slotHourStreamId(ID, HOUR), { slots: slotDecider }, "the cells of one hour of a member's time, by session"),
  folded('booking-', bookingStreamId, bookingStreamId(ID), { booking: bookingDecisionDecider }, "a booking's decision: committed, failed or abandoned"),
  folded('post-', postStreamId, postStreamId(ID), { post: postDecider }, 'a feed post: its comments, likes and The S brain'),
  folded('conversation-', conversationStreamId, conversationStreamId(ID), { conversation: conversationDecider }, "two members' messages"),
  folded('inbox-', inboxStreamId, inboxStreamId(ID), { inbox: inboxDecider }, 'the notifications a member has read'),
  folded('skill-likes-', skillLikesStreamId, skillLikesStreamId(ID), { skillLikes: skillLikeDecider }, "a skill's likes"),
  folded('skill-catalogue-', skillCatalogueStreamId, skillCatalogueStreamId(ID), { skillCatalogue: skillCatalogueDecider }, 'one skill name of the catalogue'),
  folded('ai-quota-', aiQuotaStreamId, aiQuotaStreamId(ID, DAY), { aiQuota: aiQuotaDecider }, "a member's questions to The S brain on one UTC day"),
  folded('feedback-', feedbackStreamId, feedbackStreamId(ID), { feedback: feedbackDecider }, 'one message sent with Send feedback'),
  folded('admin-actions-', adminActionsStreamId, adminActionsStreamId(ID), { adminActions: adminActionsDecider }, "an admin's own actions: test e-mails"),
  // `feature-vote-` is longer than `feature-`, so a vote's stream is matched as a vote's.
  folded('feature-vote-', featureVoteStreamId, featureVoteStreamId('post_job', ID), { featureVote: featureVoteDecider }, "one member's vote on one feature"),
  folded('feature-', featureStreamId, featureStreamId('post_job'), { feature: featureDecider }, 'a feature offered for voting: its status and discussion'),
  folded(
    'error-group-',
    errorGroupStreamId,
    errorGroupStreamId('0123456789abcdef'),
    { errorGroup: errorGroupDecider },
    "an error group's status: resolved, ignored, reopened",
  ),
  {
    kind: 'raw',
    match: { prefix: 'bookings-index-' },
    namedBy: [bookingsIndexStreamId, bookingsIndexStreamIds],
    examples: () => [bookingsIndexStreamId(ID), ...bookingsIndexStreamIds().filter((id) => id !== LEGACY_BOOKINGS_INDEX_STREAM)],
    describes: 'index: the bookings started and closed, one of 64 shards by session',
  },
  single(LEGACY_BOOKINGS_INDEX_STREAM, 'index: the bookings of earlier versions, in one stream'),
  single(CARRY_OVER_STREAM, 'marker: the old cell reservations were carried over (decision 38)'),
  single(STUDENT_TIME_STREAM, "marker: the students' time of older sessions was reserved (decision 69)"),
  // The layout before decision 38, one stream per 15-minute cell: no command writes it any more, and no
  // function names it (carry-over-slots.ts reads it from the log).
  { kind: 'raw', match: { prefix: 'slot-' }, namedBy: [], examples: () => [`slot-${ID}-${HOUR}`], describes: "old layout: one 15-minute cell of a mentor's time" },
]);
