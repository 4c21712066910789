// What every feed command shares: decide on the post's stream through the command runtime, and keep
// only mentions of members who exist (a mention the API resolved to an id that is no member, or no
// longer one, stays text and notifies nobody). The S brain is a participant without a member stream.
import type { PostCommand } from '../../domain/post/commands.js';
import { postDecider } from '../../domain/post/decide.js';
import type { PostEvent } from '../../domain/post/events.js';
import { THE_S_BRAIN_ID } from '../../domain/post/rules.js';
import type { PostState } from '../../domain/post/state.js';
import { memberDecider } from '../../domain/member/decide.js';
import type { Checkpoint } from '../../eventstore/types.js';
import type { CommandRuntime } from '../runtime/types.js';
import { memberStreamId, postStreamId } from '../stream-ids.js';

export interface FeedDeps {
  runtime: CommandRuntime;
}

export interface FeedContext {
  now: string;
  correlationId?: string | undefined;
  causationId?: string | null | undefined;
}

export interface PostCommandResult {
  /** Checkpoint of the append, for the API's read-your-writes wait; null when nothing was appended. */
  checkpoint: Checkpoint | null;
  events: PostEvent[];
  /** The post after the command. */
  state: PostState;
}

/** Decides `command` on `post-{postId}`; a member's command names them as actor, the assistant's none. */
export const actOnPost = async (deps: FeedDeps, command: PostCommand, context: FeedContext & { actorId: string | null }): Promise<PostCommandResult> => {
  const { events, checkpoint, state } = await deps.runtime.handle(postDecider, postStreamId(command.postId), command, {
    now: context.now,
    actorId: context.actorId,
    correlationId: context.correlationId,
    causationId: context.causationId,
  });
  return { events, checkpoint, state };
};

/** The mentioned ids that are registered members (and The S brain), distinct, in order. */
export const existingMentions = async (deps: FeedDeps, mentions: readonly string[] | undefined): Promise<string[]> => {
  const ids = [...new Set(mentions ?? [])].filter((id) => id.trim() !== '');
  const members = ids.filter((id) => id !== THE_S_BRAIN_ID);
  if (members.length === 0) return ids;
  const loaded = await deps.runtime.loadMany(memberDecider, members.map(memberStreamId));
  return ids.filter((id) => id === THE_S_BRAIN_ID || loaded.get(memberStreamId(id))?.state.status === 'active');
};

/** The AI request a command recorded, if it recorded one. */
export const recordedAiRequestId = (events: readonly PostEvent[]): string | null => events.find((e) => e.type === 'AiReplyRequested')?.data.requestId ?? null;

/** The post as its stream holds it now (a deleted one included, for admins). */
export const loadPost = async (deps: FeedDeps, postId: string): Promise<PostState> => (await deps.runtime.load(postDecider, postStreamId(postId))).state;
