// The booking panel's reads and its one write. Free slots follow the mentor's changes (keys.ts), so the
// mentor's own screens follow bookings live; a student's panel reloads them after any answer, 409 included.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SkillLikeStatus } from '@contracts/dashboard';
import type { AvailableSlots, Session } from '@contracts/sessions';
import { getJson, sendJson } from '@/lib/http';
import { useInvalidateChanges } from '@/lib/stale-keys';
import { bookingKeys } from './keys';

export const availableSlotsQuery = (mentorId: string, duration: number, monthOffset: number) =>
  queryOptions({
    queryKey: bookingKeys.slotsOf(mentorId, duration, monthOffset),
    queryFn: ({ signal }) =>
      getJson<AvailableSlots>(`/api/users/${encodeURIComponent(mentorId)}/available-slots?duration=${duration}&monthOffset=${monthOffset}`, { signal }),
  });

export const useAvailableSlots = (mentorId: string, duration: number, monthOffset: number) =>
  useQuery({ ...availableSlotsQuery(mentorId, duration, monthOffset), placeholderData: keepPreviousData });

export interface SessionRequest {
  instructor_id: string;
  skill_id: string;
  session_date: string;
  session_time: string;
  duration: number;
  student_message: string;
}

export const useRequestSession = (studentId: string) => {
  const queryClient = useQueryClient();
  const invalidateChanges = useInvalidateChanges();
  return useMutation({
    mutationFn: (request: SessionRequest) => sendJson<Session>('/api/sessions', { body: request }),
    // The new session and the student's change, as the websocket will announce them: without a topic, as
    // the booking holds their points and may tick an onboarding step too.
    onSuccess: (session) =>
      void invalidateChanges([
        { scope: 'session', id: session.id },
        { scope: 'user', id: studentId },
      ]),
    // Taken or not, the slots on screen may be stale now (document 000 §8: slots reload).
    onSettled: (_data, _error, request) => queryClient.invalidateQueries({ queryKey: bookingKeys.slots(request.instructor_id) }),
  });
};

export const useSkillLike = (viewerId: string, skillId: string) =>
  useQuery({
    queryKey: bookingKeys.like(viewerId, skillId),
    queryFn: ({ signal }) => getJson<SkillLikeStatus>(`/api/skills/${encodeURIComponent(skillId)}/like-status`, { signal }),
  });

export const useToggleSkillLike = (viewerId: string, skillId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<SkillLikeStatus>(`/api/skills/${encodeURIComponent(skillId)}/like`, { body: {} }),
    onSuccess: (status) => queryClient.setQueryData(bookingKeys.like(viewerId, skillId), status),
  });
};
