// How ledger events move a member's points between available and held (DESIGN.md §5).
import type { LedgerEvent } from '../../domain/ledger/events.js';

export interface Points {
  available: number;
  held: number;
}

export const evolvePoints = (points: Points, event: LedgerEvent): Points => {
  const { amount } = event.data;
  switch (event.type) {
    case 'PointsGranted': // a correction may carry a negative amount
    case 'PointsReceived':
      return { available: points.available + amount, held: points.held };
    case 'PointsHeld':
      return { available: points.available - amount, held: points.held + amount };
    case 'HoldRefunded':
      return { available: points.available + amount, held: points.held - amount };
    case 'HoldAdjudicated':
      return { available: points.available, held: points.held - amount };
  }
};
