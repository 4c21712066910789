import { describe, expect, it } from 'vitest';
import { aiFeedbackBodySchema, createCommentBodySchema, createPostBodySchema, feedTexts, missingPostParts, postFormSchema, updatePostBodySchema } from './feed.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('feed contracts', () => {
  it('takes a post of 1 to 1000 characters after trimming, with a category and a priority of the spec', () => {
    const body = { content: '  Need #React help  ', category: 'development', urgency: 'high' };
    expect(createPostBodySchema.parse(body)).toMatchObject({ content: 'Need #React help', media_attachments: [] });
    expect(messages(createPostBodySchema.safeParse({ ...body, content: 'x'.repeat(1001) }))).toEqual([feedTexts.contentTooLong]);
    expect(messages(createPostBodySchema.safeParse({ ...body, content: '   ' }))).toEqual([feedTexts.contentRequired]);
    expect(messages(createPostBodySchema.safeParse({ ...body, category: 'gaming', urgency: undefined }))).toEqual([
      feedTexts.categoryRequired,
      feedTexts.urgencyRequired,
    ]);
  });

  it('refuses an attachment url with a query string', () => {
    const media = { id: 'm', type: 'image', url: 'https://cdn.example/a.jpg?x=1' };
    expect(messages(createPostBodySchema.safeParse({ content: 'a', category: 'design', urgency: 'low', media_attachments: [media] }))).toEqual([
      feedTexts.attachmentInvalid,
    ]);
  });

  it('reads the spec client’s 0/1 offer flag and lets an offer come without text', () => {
    expect(createCommentBodySchema.parse({ post_id: 'p', is_offer: 1 })).toMatchObject({ is_offer: true, content: '' });
    expect(createCommentBodySchema.parse({ post_id: 'p', content: 'hi', is_offer: 0 })).toMatchObject({ is_offer: false });
  });

  it('takes a like toggle or an edit on PUT, and helpful or unhelpful votes', () => {
    expect(updatePostBodySchema.parse({ likes: ['a', 'b'] })).toEqual({ likes: ['a', 'b'] });
    expect(messages(aiFeedbackBodySchema.safeParse({ commentId: 'c', feedbackType: 'meh' }))).toEqual([feedTexts.aiFeedbackTypeInvalid]);
  });

  it('names the composer’s missing parts', () => {
    expect(missingPostParts({ content: ' ' })).toEqual(['content', 'category', 'priority']);
    expect(missingPostParts({ content: 'x', category: 'design', urgency: 'low' })).toEqual([]);
    expect(postFormSchema.safeParse({ content: 'x', category: 'design', urgency: 'low' }).success).toBe(true);
  });
});
