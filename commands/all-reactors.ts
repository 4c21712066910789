// Every reactor the app runs, wired by the composition root (api/main.ts) into the projection runtime.
import type { ProcessRuntime } from './runtime/types.js';
import type { Reactor } from './reactor.js';
import { assistantReactor } from './assistant/assistant-reactor.js';
import type { AssistantDeps } from './assistant/answer-request.js';
import { sessionFollowUpsReactor } from './sessions/follow-ups-reactor.js';
import { skillCatalogueTagsReactor } from './skill-catalogue/tags-reactor.js';
import { welcomeBonusReactor } from './welcome-bonus-reactor.js';

export interface ReactorDeps {
  runtime: ProcessRuntime;
  /** The S brain's model and settings; absent when no endpoint is configured (its reactor does not run). */
  assistant?: Omit<AssistantDeps, 'runtime'> | undefined;
}

export const allReactors = (deps: ReactorDeps): Reactor[] => [
  sessionFollowUpsReactor(deps),
  welcomeBonusReactor(deps),
  skillCatalogueTagsReactor(deps),
  ...(deps.assistant ? [assistantReactor({ ...deps.assistant, runtime: deps.runtime })] : []),
];
