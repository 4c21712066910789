// Each #tag of a post or comment that names no catalogued skill adds one (spec 001 §7 'POST /skills ...
// once for each #tag in a post'), done by the server from the log rather than by the client. The
// entry's stream is the name's and its event id derives from the triggering event and the name, so a
// replay after a crash, or a tag another post brought first, adds nothing.
import type { PostEvent } from '../../domain/post/events.js';
import { skillNameKey } from '../../domain/skill-catalogue/decide.js';
import { DomainError } from '../../domain/shared.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { uuidV5 } from '../runtime/deterministic-id.js';
import type { Reactor } from '../reactor.js';
import { catalogueSkill, type SkillCatalogueDeps } from './skill-catalogue.js';

type Tagging = Extract<PostEvent, { type: 'PostCreated' | 'PostEdited' | 'CommentAdded' }>;

/** A post's category ('development') as the skill categories spell it ('Development'). */
const skillCategoryOf = (postCategory: string) => postCategory.charAt(0).toUpperCase() + postCategory.slice(1);

const taggingOf = (event: Tagging) => {
  if (event.type === 'CommentAdded') {
    // The assistant's answers are not members writing: their tags add nothing.
    return event.data.isAiGenerated ? null : { authorId: event.data.authorId, category: null };
  }
  return { authorId: event.data.authorId, category: skillCategoryOf(event.data.category) };
};

export const skillCatalogueTagsReactor = (deps: SkillCatalogueDeps): Reactor => ({
  name: 'skill-catalogue-tags',
  handles: ['PostCreated', 'PostEdited', 'CommentAdded'] satisfies Tagging['type'][],
  async react(events: readonly RecordedEvent[]) {
    for (const recorded of events) {
      const event = recorded as unknown as Tagging;
      const tagging = taggingOf(event);
      if (!tagging) continue;
      for (const tag of event.data.tags) {
        try {
          await catalogueSkill(deps, {
            name: tag,
            category: tagging.category,
            description: null,
            createdBy: tagging.authorId,
            source: 'tag',
            postId: event.data.postId,
            now: recorded.metadata.occurredAt,
            correlationId: recorded.metadata.correlationId,
            causationId: recorded.metadata.eventId,
            eventId: uuidV5(`${recorded.metadata.eventId}:skill-catalogue:${skillNameKey(tag)}`),
          });
        } catch (error) {
          // A tag the catalogue cannot hold (none today: tags are shorter than skill names) is skipped,
          // not retried forever behind every later post.
          if (!(error instanceof DomainError && error.code === 'VALIDATION')) throw error;
        }
      }
    }
  },
});
