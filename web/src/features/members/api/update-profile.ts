import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, UpdateProfile, User } from '@contracts/members';
import { currentUserKey } from '@/lib/current-user';
import { sendJson } from '@/lib/http';
import { memberProfileKeys } from '@/lib/member-profile';
import { useInvalidateChanges } from '@/lib/stale-keys';

export const updateProfile = (userId: string, changes: UpdateProfile): Promise<User> =>
  sendJson<User>(`/api/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body: changes });

export const useUpdateProfile = (userId: string) => {
  const queryClient = useQueryClient();
  const invalidateChanges = useInvalidateChanges();
  return useMutation({
    mutationFn: (changes: UpdateProfile) => updateProfile(userId, changes),
    onSuccess: (saved) => {
      // The answer is already the saved profile, so the page shows it at once; the member's change
      // still refreshes everything derived from it (onboarding steps, recommendations...).
      queryClient.setQueryData<CurrentUser>(currentUserKey, (me) =>
        me && me.id === saved.id
          ? { ...saved, email: me.email, points: saved.points ?? me.points, heldPoints: saved.heldPoints ?? me.heldPoints, isAdmin: me.isAdmin }
          : me,
      );
      queryClient.setQueryData<User>(memberProfileKeys.one(userId), saved);
      return invalidateChanges([{ scope: 'user', id: userId }]);
    },
  });
};
