// The profile's lists as plain values, without zod: pages that only show them (skill search's filters)
// import these, so they do not load and run the contract's schemas (issue 29 point 18: /search's TBT).
import { EXPERIENCE_LEVELS, WEEK_DAYS } from '../../domain/member/profile-rules.js';

export const experienceLevels = EXPERIENCE_LEVELS;
export const weekDays = WEEK_DAYS;
/** The server accepts any category text; these are the ones the product offers. */
export const skillCategories = ['Development', 'Design', 'Business', 'Marketing', 'Digital Marketing', 'Data', 'Other'] as const;
