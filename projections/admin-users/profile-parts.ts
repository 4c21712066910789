// What makes a member's profile complete, in one place: the inspector's completion bar (a sixth per part)
// and the journey's 'profile ready' step (every part there, decision 310) count the same parts.
import type { AdminUserRow } from './tables.js';

type ProfileFields = Pick<AdminUserRow, 'name' | 'bio' | 'location' | 'avatar_url' | 'skills_to_teach' | 'skills_to_learn'>;

/** A name, a bio, a location, a picture, a skill taught and a learning goal: whether each is there. */
export const profileParts = (row: ProfileFields): boolean[] => [
  row.name.trim() !== '',
  row.bio.trim() !== '',
  row.location.trim() !== '',
  Boolean(row.avatar_url),
  row.skills_to_teach.length > 0,
  row.skills_to_learn.length > 0,
];

export const PROFILE_PARTS = 6;

/** The share of the parts there, in whole per cent. */
export const profileCompletion = (row: ProfileFields) => {
  const parts = profileParts(row);
  return Math.round((parts.filter(Boolean).length / parts.length) * 100);
};

/** Ready: every part there (100 % on the inspector's bar). */
export const isProfileReady = (row: ProfileFields) => profileParts(row).every(Boolean);
