// One read of the /api/admin scope, shared by the area's queries.
import type { QueryClient } from '@tanstack/react-query';
import { currentUserKey } from '@/lib/current-user';
import { getJson, isStatus } from '@/lib/http';

/**
 * A 403 means the server no longer counts this member as an admin (ADMIN_EMAILS changed since the page
 * loaded): the current user is read again, and RequireAdmin sends them away instead of showing errors.
 */
export const adminRead = async <T>(url: string, { signal, client }: { signal: AbortSignal; client: QueryClient }): Promise<T> => {
  try {
    return await getJson<T>(url, { signal });
  } catch (error) {
    if (isStatus(error, 403)) void client.invalidateQueries({ queryKey: currentUserKey });
    throw error;
  }
};
