// What The S brain is told about a request: who it is, the post (its category, priority, skill needed,
// text and images), the comments around the question and the question itself. Pure: the reactor
// loads the thread and the names, this turns them into chat messages for any OpenAI-compatible model.
import type { ChatCompletionContentPart, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AiReplyRequested } from '../../domain/post/events.js';
import { AI_COMMENT_COLLAPSED_AFTER, THE_S_BRAIN_ID, THE_S_BRAIN_NAME } from '../../domain/post/rules.js';
import { ancestry, type PostThread, type ThreadComment } from '../../domain/post/thread.js';

/** Images beyond this many are left out (each costs tokens and a fetch by the provider). */
export const MAX_CONTEXT_IMAGES = 4;
/** The latest comments shown besides the question's own chain. */
const RECENT_COMMENTS = 10;
/** One comment's text is cut here, so a long thread cannot crowd out the question. */
const COMMENT_CHARS = 600;

export const systemPrompt = [
  `You are ${THE_S_BRAIN_NAME}, the AI assistant of SkillSwap, a community where members teach each other skills and pay in points.`,
  'A member mentioned you in a post or a comment. Answer their question helpfully, kindly and concisely, in plain text',
  `(no HTML; short Markdown lists are fine). Keep it short: most answers fit in ${AI_COMMENT_COLLAPSED_AFTER * 3} characters.`,
  'When a live session with a member who teaches the skill would help more than an answer, say so.',
].join(' ');

export interface AiContext {
  messages: ChatCompletionMessageParam[];
  imageCount: number;
}

const nameOf = (names: ReadonlyMap<string, string>, id: string) => (id === THE_S_BRAIN_ID ? THE_S_BRAIN_NAME : (names.get(id) ?? 'A member'));

const line = (names: ReadonlyMap<string, string>, c: ThreadComment) =>
  `${'  '.repeat(c.depth)}- ${nameOf(names, c.authorId)}${c.depth > 0 ? ' (reply)' : ''}: ${c.content.length > COMMENT_CHARS ? `${c.content.slice(0, COMMENT_CHARS)}…` : c.content}`;

/** The comments to show: the question's chain and the latest ones, in the order written. */
const commentsShown = (thread: PostThread, triggerCommentId: string | null): ThreadComment[] => {
  const chain = new Set(ancestry(thread, triggerCommentId).map((c) => c.commentId));
  const recent = new Set(thread.comments.slice(-RECENT_COMMENTS).map((c) => c.commentId));
  return thread.comments.filter((c) => chain.has(c.commentId) || recent.has(c.commentId));
};

export const imageUrlsOf = (thread: PostThread): string[] =>
  thread.mediaAttachments
    .filter((m) => m.type === 'image' && /^https?:\/\//.test(m.url))
    .map((m) => m.url)
    .slice(0, MAX_CONTEXT_IMAGES);

export const buildContext = (thread: PostThread, request: AiReplyRequested['data'], names: ReadonlyMap<string, string>): AiContext => {
  const shown = commentsShown(thread, request.triggerCommentId);
  const text = [
    `Post by ${nameOf(names, thread.authorId)} (category ${thread.category}, priority ${thread.urgency}, skill needed: ${thread.skillNeeded}):`,
    thread.content,
    ...(shown.length > 0 ? ['', `Comments (${thread.comments.length} in all):`, ...shown.map((c) => line(names, c))] : []),
    '',
    `${nameOf(names, request.requestedBy)} asks you${request.trigger === 'post_mention' ? ' in the post itself' : ''}:`,
    request.question,
  ].join('\n');
  const images = imageUrlsOf(thread);
  const content: ChatCompletionContentPart[] = [{ type: 'text', text }, ...images.map((url) => ({ type: 'image_url' as const, image_url: { url } }))];
  return {
    messages: [
      { role: 'system', content: systemPrompt },
      { role: 'user', content: images.length > 0 ? content : text },
    ],
    imageCount: images.length,
  };
};
