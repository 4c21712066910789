// A newcomer's 3 points (spec: "newcomers get 3") follow their registration from the log, so a crash
// between the member's event and the ledger's grant is finished without waiting for the member to
// sign in again. Sign-in still grants at once for latency (members.ts registerMember); the grant's
// deterministic event id and the ledger's "already granted" rule keep it to one.
import type { MemberEvent } from '../domain/member/events.js';
import { DomainError } from '../domain/shared.js';
import { grantWelcomeBonus, type LedgerDeps } from './ledger.js';
import type { Reactor } from './reactor.js';

export const welcomeBonusReactor = (deps: LedgerDeps): Reactor => ({
  name: 'welcome-bonus',
  handles: ['MemberRegistered'] satisfies MemberEvent['type'][],
  async react(events) {
    for (const event of events) {
      const { memberId } = event.data as Extract<MemberEvent, { type: 'MemberRegistered' }>['data'];
      const context = { now: event.metadata.occurredAt, actorId: null, correlationId: event.metadata.correlationId, causationId: event.metadata.eventId };
      try {
        await grantWelcomeBonus(deps, { memberId }, context);
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'CONFLICT')) throw error;
      }
    }
  },
});
