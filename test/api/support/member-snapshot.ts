// What a member can read of their own state, in one value: the fuzz test compares it before and after
// every refused request (a 4xx must write nothing).
import type { ApiClient } from '../../support/sign-in.js';

export interface SnapshotScope {
  /** Sessions whose detail, thread and reschedule requests are read too. */
  sessionIds: readonly string[];
  skillIds: readonly string[];
}

const readsOf = (member: ApiClient, scope: SnapshotScope): string[] => [
  '/api/user',
  `/api/users/${member.memberId}`,
  `/api/users/${member.memberId}/sessions`,
  `/api/users/${member.memberId}/balance`,
  `/api/users/${member.memberId}/transactions`,
  `/api/users/${member.memberId}/notifications`,
  `/api/users/${member.memberId}/onboarding`,
  '/api/dashboard/counts',
  ...scope.sessionIds.flatMap((id) => [`/api/sessions/${id}`, `/api/sessions/${id}/thread`, `/api/sessions/${id}/modifications`]),
  ...scope.skillIds.map((id) => `/api/skills/${id}/like-status`),
];

/** Every read's status and body, keyed by path (for a readable diff). */
export const snapshotOf = async (members: readonly ApiClient[], scope: SnapshotScope): Promise<Record<string, unknown>> => {
  const entries = await Promise.all(
    members.flatMap((member) =>
      readsOf(member, scope).map(async (path) => {
        const response = await member.get(path);
        return [`${member.email} ${path}`, { status: response.status, body: response.body }] as const;
      }),
    ),
  );
  return Object.fromEntries(entries);
};

/** A snapshot once it stops changing (after a successful write, reactors may still be at work). */
export const settledSnapshotOf = async (members: readonly ApiClient[], scope: SnapshotScope): Promise<Record<string, unknown>> => {
  let last = await snapshotOf(members, scope);
  for (let attempt = 0; attempt < 20; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await snapshotOf(members, scope);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  return last;
};
