// The booking panel's reads and its one write. Free slots live under the mentor's ['users', id] key,
// so the mentor's own screens follow bookings live; a student's panel reloads them after a 409.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SkillLikeStatus } from '@contracts/dashboard';
import type { User } from '@contracts/members';
import type { AvailableSlots, Session } from '@contracts/sessions';
import { getJson, sendJson } from '@/lib/http';

export const slotsKey = (mentorId: string) => ['users', mentorId, 'available-slots'] as const;

export const availableSlotsQuery = (mentorId: string, duration: number, monthOffset: number) =>
  queryOptions({
    queryKey: [...slotsKey(mentorId), duration, monthOffset] as const,
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
  return useMutation({
    mutationFn: (request: SessionRequest) => sendJson<Session>('/api/sessions', { body: request }),
    onSuccess: (session) => {
      queryClient.setQueryData(['sessions', session.id], session);
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['users', studentId] });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
    // Taken or not, the slots on screen may be stale now (document 000 §8: slots reload).
    onSettled: (_data, _error, request) => queryClient.invalidateQueries({ queryKey: slotsKey(request.instructor_id) }),
  });
};

const likeKey = (viewerId: string, skillId: string) => ['users', viewerId, 'skill-like', skillId] as const;

export const useSkillLike = (viewerId: string, skillId: string) =>
  useQuery({
    queryKey: likeKey(viewerId, skillId),
    queryFn: ({ signal }) => getJson<SkillLikeStatus>(`/api/skills/${encodeURIComponent(skillId)}/like-status`, { signal }),
  });

export const useToggleSkillLike = (viewerId: string, skillId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<SkillLikeStatus>(`/api/skills/${encodeURIComponent(skillId)}/like`, { body: {} }),
    onSuccess: (status) => queryClient.setQueryData(likeKey(viewerId, skillId), status),
  });
};

/** The mentor's public profile; the same key and request as the profile page, so either warms the other. */
export const useMentor = (mentorId: string) =>
  useQuery({
    queryKey: ['users', mentorId] as const,
    queryFn: ({ signal }) => getJson<User>(`/api/users/${encodeURIComponent(mentorId)}`, { signal }),
  });
