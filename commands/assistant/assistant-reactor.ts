// The S brain answers the requests recorded on posts (AiReplyRequested), as a reactor: nothing depends
// on the asking HTTP request staying alive, and a process killed while the model streams leaves the
// reactor's checkpoint before the request, so the next process answers it (answer-request.ts keeps
// that to one answer). Requests of different posts in one batch are answered side by side; those of
// one post in order (one at a time per post is the domain's rule anyway).
import type { AiReplyRequested } from '../../domain/post/events.js';
import type { Reactor } from '../reactor.js';
import { answerRequest, type AssistantDeps } from './answer-request.js';

export const assistantReactor = (deps: AssistantDeps): Reactor => ({
  name: 'assistant',
  handles: ['AiReplyRequested'] satisfies AiReplyRequested['type'][],
  async react(events) {
    const byPost = new Map<string, (typeof events)[number][]>();
    for (const event of events) {
      const { postId } = event.data as AiReplyRequested['data'];
      byPost.set(postId, [...(byPost.get(postId) ?? []), event]);
    }
    // Every answer settles before the batch fails: a retry must not call the model beside a call still running.
    const outcomes = await Promise.allSettled(
      [...byPost.values()].map(async (requests) => {
        for (const event of requests) {
          const cause = { correlationId: event.metadata.correlationId, causationId: event.metadata.eventId };
          await answerRequest(deps, event.data as AiReplyRequested['data'], cause);
        }
      }),
    );
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
  },
});
