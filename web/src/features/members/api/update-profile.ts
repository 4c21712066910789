import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, UpdateProfile, User } from '@contracts/members';
import { currentUserKey } from '@/lib/current-user';
import { sendJson } from '@/lib/http';
import { userKey } from './user';

export const updateProfile = (userId: string, changes: UpdateProfile): Promise<User> =>
  sendJson<User>(`/api/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body: changes });

export const useUpdateProfile = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateProfile) => updateProfile(userId, changes),
    onSuccess: (saved) => {
      // The answer is already the saved profile, so the page shows it at once; the invalidation
      // below still refetches anything derived from it.
      queryClient.setQueryData<CurrentUser>(currentUserKey, (me) => (me && me.id === saved.id ? { ...saved, isAdmin: me.isAdmin } : me));
      queryClient.setQueryData<User>(userKey(userId), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: userKey(userId) }),
      ]);
    },
  });
};
