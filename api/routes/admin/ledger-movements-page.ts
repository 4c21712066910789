// One page of a member's ledger movements (issue 33 point 3): the ledger stream read from the page's revision
// and folded by the ledger's own evolve, so each running balance is the ledger's, never the read model's.
// A page costs its own events: it starts from the balance and the open holds the cursor carries
// (ledger-cursor.ts), never from a fold of the ledger's start.
import { ledgerStreamId } from '../../../commands/stream-ids.js';
import { evolveLedger, initialLedgerState, type Hold, type LedgerState } from '../../../domain/ledger/state.js';
import type { LedgerEvent } from '../../../domain/ledger/events.js';
import type { EventStore, RecordedEvent } from '../../../eventstore/types.js';
import { LEDGER_MOVEMENTS_PAGE, type LedgerMovement } from '../../contracts/admin-ledger-audit.js';
import { holdTag, type PageStart } from './ledger-cursor.js';

/** A movement before the counterparty's name is looked up. */
export type UnnamedMovement = Omit<LedgerMovement, 'counterparty'> & { counterpartyId: string | null };

export interface MovementsPage {
  movements: UnnamedMovement[];
  /** Where the next page starts; null when this page reached the ledger's end. */
  next: PageStart | null;
}

type Data = Partial<{ holdId: string; sessionId: string; amount: number; description: string; mentorId: string; fromMemberId: string }>;
const dataOf = (event: RecordedEvent) => (event.data ?? {}) as Data;

const settles = new Set(['HoldRefunded', 'HoldAdjudicated']);

/**
 * The ledger's state before the page: the cursor's balance, and as open holds those of the page's holds the
 * cursor names open. Where the cursor could not carry them all ('unknown'), a hold the page settles before
 * placing it is taken as open, as the decider only settles open holds (what the full audit checks).
 */
const stateBefore = (start: PageStart, events: readonly RecordedEvent[]): LedgerState => {
  let holds = initialLedgerState().holds;
  const seen = new Set<string>();
  for (const event of events) {
    const { holdId, sessionId, amount } = dataOf(event);
    if (holdId === undefined || seen.has(holdId) || !(event.type === 'PointsHeld' || settles.has(event.type))) continue;
    seen.add(holdId);
    const open = start.openHolds === 'unknown' ? settles.has(event.type) : start.openHolds.has(holdTag(holdId));
    if (open) holds = holds.set(holdId, { holdId, sessionId: sessionId ?? '', amount: amount ?? 0, state: 'active' } satisfies Hold);
  }
  return { ...initialLedgerState(), available: start.available, held: start.held, holds };
};

/** The other side of a transfer: the mentor of an adjudicated hold, the student whose points were received. */
const counterpartyOf = (event: RecordedEvent): string | null => {
  const data = dataOf(event);
  if (event.type === 'HoldAdjudicated') return data.mentorId ?? null;
  if (event.type === 'PointsReceived') return data.fromMemberId ?? null;
  return null;
};

const openAfter = (start: PageStart, state: LedgerState): PageStart['openHolds'] => {
  if (start.openHolds === 'unknown') return 'unknown';
  const open = new Set(start.openHolds);
  for (const hold of state.holds.values()) {
    if (hold.state === 'active') open.add(holdTag(hold.holdId));
    else open.delete(holdTag(hold.holdId));
  }
  return open;
};

export const readMovementsPage = async (
  reads: Pick<EventStore, 'readStream'>,
  memberId: string,
  start: PageStart,
  size = LEDGER_MOVEMENTS_PAGE,
): Promise<MovementsPage> => {
  // One event past the page says whether another page follows.
  const read = await reads.readStream(ledgerStreamId(memberId), { from: BigInt(start.revision), to: BigInt(start.revision + size) });
  const events = read.slice(0, size);
  let state = stateBefore(start, events);
  const movements = events.map((event): UnnamedMovement => {
    const before = state;
    state = evolveLedger(state, { type: event.type, data: event.data } as LedgerEvent);
    return {
      position: event.globalPosition.toString(),
      occurredAt: event.metadata.occurredAt,
      type: event.type,
      description: dataOf(event).description ?? event.type,
      sessionId: dataOf(event).sessionId ?? null,
      counterpartyId: counterpartyOf(event),
      // A movement the ledger ignores (a hold settled twice) changes nothing here either, as in the fold.
      change: { available: state.available - before.available, held: state.held - before.held },
      balance: { available: state.available, held: state.held },
    };
  });
  const last = events.at(-1);
  const next =
    read.length > size && last ? { revision: Number(last.streamPosition) + 1, available: state.available, held: state.held, openHolds: openAfter(start, state) } : null;
  return { movements, next };
};
