// The read models these tests exercise: the member area's. Other areas add projectors to
// allProjectors over time; these tests stay about the runtime and rebuild, not about them.
import { balancesProjector } from '../../../projections/balances/projector.js';
import { ledgerTransactionsProjector } from '../../../projections/ledger-transactions/projector.js';
import { membersProjector } from '../../../projections/members/projector.js';
import type { Projector } from '../../../projections/types.js';

export const testProjectors: Projector[] = [membersProjector, balancesProjector, ledgerTransactionsProjector];
