// `npm run migrate:events`: the one-off migrations of the event log, run once against a database before
// the version that needs them starts (stop the app first on PGlite, where one process owns the data
// directory). Each is safe to run again: it records that it ran and does nothing the next time.
//
// Today: the slot cell reservations of the old one-stream-per-cell layout are carried over into the
// hour streams (docs/decisions.md 38), then sessions still on get their student's time reserved too
// (issue 19 point 5). The API does neither at start-up; drop them here once every deployment has run them.
import { carryOverCellReservations } from '../commands/sessions/carry-over-slots.js';
import { carryOverStudentTime } from '../commands/sessions/carry-over-student-time.js';
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
    const { runtime } = wireCommands({ store: connections.store });
    const warn = (message: string) => void process.stderr.write(`${message}\n`);
    const carried = await carryOverCellReservations(runtime, now, warn);
    process.stdout.write(
      carried === null
        ? 'Slot cell reservations: carried over before; nothing to do.\n'
        : `Slot cell reservations: ${carried.carried} cells carried over into hour streams, ${carried.refused} refused (held by another session).\n`,
    );
    const students = await carryOverStudentTime(runtime, now, warn);
    process.stdout.write(
      students === null
        ? "Students' time: reserved before; nothing to do.\n"
        : `Students' time: reserved for ${students.reserved} sessions still on, ${students.refused} refused (the student holds another session then).\n`,
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
