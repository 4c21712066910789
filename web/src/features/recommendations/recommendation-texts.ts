// What 'Recommended for You' says when it has no skill to show (spec 000 §2, §9; issue 19 point 13):
// only a member who lists nothing to learn is asked to add something; one who does is told that
// nobody teaches it yet, naming what they asked for.

const listed = (skills: readonly string[]): string[] => [...new Set(skills.map((s) => s.trim()).filter(Boolean))];

/** 'React', 'React and Go', 'React, Go and Rust'. */
export const joinNames = (names: readonly string[]): string => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

export const emptyRecommendationsText = (skillsToLearn: readonly string[]): string => {
  const wanted = listed(skillsToLearn);
  if (wanted.length === 0) return 'Add skills you want to learn to your profile and we will match you with mentors.';
  const shown = wanted.length > 3 ? [...wanted.slice(0, 3), `${wanted.length - 3} more`] : wanted;
  return `No mentor teaches ${joinNames(shown)} yet. We will suggest mentors here as soon as one does.`;
};
