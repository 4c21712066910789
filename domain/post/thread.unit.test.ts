import { describe, expect, it } from 'vitest';
import { ancestry, foldThread } from './thread.js';
import { AUTHOR, NOW, POST_ID, append, commentCommand, created, thread } from './testing.js';

describe('the thread The S brain reads', () => {
  it('holds the post as edited and every comment’s text in order', () => {
    const events = append(append(created(), commentCommand({ content: 'First!' })), {
      type: 'EditPost',
      postId: POST_ID,
      now: NOW,
      actorId: AUTHOR,
      content: 'Edited #Vue',
      urgency: 'low',
      skillNeeded: null,
      mentions: [],
      aiRequestId: 'x',
      assistantAvailable: false,
    });
    expect(foldThread(events)).toMatchObject({
      content: 'Edited #Vue',
      skillNeeded: 'Vue',
      urgency: 'low',
      deleted: false,
      comments: [{ commentId: 'c-1', content: 'First!', depth: 0, isAiGenerated: false }],
    });
    expect(foldThread([])).toBeNull();
  });

  it('gives a comment with the comments above it, from the top down', () => {
    const folded = foldThread(thread(3))!;
    expect(ancestry(folded, 'c-2').map((c) => c.commentId)).toEqual(['c-0', 'c-1', 'c-2']);
    expect(ancestry(folded, null)).toEqual([]);
    expect(ancestry(folded, 'missing')).toEqual([]);
  });
});
