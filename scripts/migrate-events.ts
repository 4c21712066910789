// `npm run migrate:events`: the one-off migrations of the event log, run once against a database before
// the version that needs them starts (stop the app first on PGlite, where one process owns the data
// directory). Each is safe to run again: it records that it ran and does nothing the next time.
//
// Today: the slot cell reservations of the old one-stream-per-cell layout are carried over into the
// hour streams (docs/decisions.md 38). The API no longer does this at start-up; drop it here once every
// deployment has run it.
import { carryOverCellReservations } from '../commands/sessions/carry-over-slots.js';
import { wireCommands } from '../commands/wiring.js';
import { connectFromEnv } from '../eventstore/connect-from-env.js';

const main = async (): Promise<number> => {
  let connections;
  try {
    connections = await connectFromEnv(process.env);
  } catch (error) {
    process.stderr.write(`Migration cannot start. ${(error as Error).message}\n`);
    return 1;
  }
  try {
    const now = new Date().toISOString();
    const carried = await carryOverCellReservations(wireCommands({ store: connections.store }).runtime, now, (message) => process.stderr.write(`${message}\n`));
    process.stdout.write(
      carried === null
        ? 'Slot cell reservations: carried over before; nothing to do.\n'
        : `Slot cell reservations: ${carried.carried} cells carried over into hour streams, ${carried.refused} refused (held by another session).\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`Migration failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await connections.close();
  }
};

process.exitCode = await main();
