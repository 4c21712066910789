// Readable 400s (DESIGN.md §6): the message names the field and says what is wrong.
import { describe, expect, it } from 'vitest';
import { describeIssues } from '../../api/plugins/error-handler.js';
import { updateProfileSchema } from '../../api/contracts/members.js';

const messageFor = (body: unknown) => {
  const result = updateProfileSchema.safeParse(body);
  if (result.success) throw new Error('expected a validation error');
  return describeIssues(
    result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code, keys: 'keys' in i ? i.keys : undefined })),
    'body',
  );
};

describe('describeIssues', () => {
  it('prefixes the schema message with the field path', () => {
    expect(messageFor({ name: '' })).toBe('name: Please enter your name');
    expect(messageFor({ availability: [{ day: 'Monday', startTime: '9am', endTime: '10:00' }] })).toBe('availability.0.startTime: Times must be HH:MM (24-hour)');
  });

  it('names unknown and missing fields in plain words', () => {
    expect(messageFor({ points: 5, isAdmin: true })).toBe('Unknown fields points, isAdmin');
    expect(messageFor({ skillsToTeach: [{ name: 'Go' }] })).toBe('skillsToTeach.0.description is required');
  });

  it('says when the body is not an object at all', () => {
    expect(messageFor([1])).toBe('The request body must be a JSON object');
  });

  it('shows at most three problems and counts the rest', () => {
    const issues = ['a', 'b', 'c', 'd', 'e'].map((path) => ({ path, message: 'is wrong' }));
    expect(describeIssues(issues)).toBe('a: is wrong; b: is wrong; c: is wrong (and 2 more)');
  });
});
