// The subjects of an event: the members it is about, for readLog's `subjectId` filter. On SQL the same
// rules are part of the immutable function es_log_keys (migrations/log-indexes.ts), whose keys the store's
// indexer keeps beside the log for every event, old ones included (sql-log-keys.ts); on EventStoreDB this
// function filters the scan in the client. The conformance suite's subject cases hold both to the same answers.
//
// The rules are the house's naming conventions, not a registry of the domain (eventstore/ imports
// nothing of it): a stream whose category belongs to one member, and the data fields that name a member.
// Only text values count.
// A new category or field name that names members needs a migration replacing es_log_keys and
// storing the keys again (emptying event_log_keys and resetting its watermark), and the same change here.

/** Stream categories owned by one member: the member's id is the rest of the id, up to the suffix given. */
export const MEMBER_STREAM_PATTERNS: readonly RegExp[] = [
  /^(?:member|ledger|inbox)-(.+)$/, // member-{id}, ledger-{id}, inbox-{id}
  /^slots-(.+)-\d{4}-\d{2}-\d{2}T/, // slots-{mentorId}-{hour}; not slots-carried-over
  /^ai-quota-(.+)-\d{4}-\d{2}-\d{2}$/, // ai-quota-{memberId}-{day}
];

/** Top-level data fields whose text value is a member id. */
export const MEMBER_FIELDS: readonly string[] = [
  'memberId',
  'mentorId',
  'studentId',
  'instructorId',
  'authorId',
  'postAuthorId',
  'commentAuthorId',
  'parentAuthorId',
  'senderId',
  'recipientId',
  'readerId',
  'ownerId',
  'fromMemberId',
];

/** Top-level data fields whose value is an array of member ids; its first two count (a conversation's two members). */
export const MEMBER_LIST_FIELDS: readonly string[] = ['participantIds'];

export function subjectIdsOf(streamId: string, data: unknown): string[] {
  const subjects = new Set<string>();
  for (const pattern of MEMBER_STREAM_PATTERNS) {
    const owner = pattern.exec(streamId)?.[1];
    if (owner) subjects.add(owner);
  }
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    const record = data as Record<string, unknown>;
    for (const field of MEMBER_FIELDS) {
      const value = record[field];
      if (typeof value === 'string' && value !== '') subjects.add(value);
    }
    for (const field of MEMBER_LIST_FIELDS) {
      const value = record[field];
      if (Array.isArray(value)) for (const id of value.slice(0, 2)) if (typeof id === 'string' && id !== '') subjects.add(id);
    }
  }
  return [...subjects];
}
