// The admin area's query keys, all under ['admin'] so one change can refresh the whole area.
export const adminKeys = {
  all: ['admin'] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  followers: () => [...adminKeys.all, 'operations', 'followers'] as const,
};
