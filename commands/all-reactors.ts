// Every reactor the app runs, wired by the composition root (api/main.ts) into the projection runtime.
import type { CommandRuntime } from './runtime/types.js';
import type { Reactor } from './reactor.js';
import { sessionFollowUpsReactor } from './sessions/follow-ups-reactor.js';
import { skillCatalogueTagsReactor } from './skill-catalogue/tags-reactor.js';
import { welcomeBonusReactor } from './welcome-bonus-reactor.js';

export const allReactors = (deps: { runtime: CommandRuntime }): Reactor[] => [sessionFollowUpsReactor(deps), welcomeBonusReactor(deps), skillCatalogueTagsReactor(deps)];
