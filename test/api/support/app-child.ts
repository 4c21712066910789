// The app as its own process, for tests that kill it (npx tsx test/api/support/app-child.ts). It is
// the composition root as `npm start` runs it, except for a clock fixed at FIXED_NOW, so bookings
// made before a kill still fit the mentors' hours after the restart. Prints `listening <url>`.
import { startServer } from '../../../api/main.js';

const fixedNow = process.env.FIXED_NOW;
const clock = fixedNow ? () => new Date(fixedNow) : undefined;
const server = await startServer(process.env, { ...(clock ? { clock } : {}), ...(process.env.NO_REACTORS === 'true' ? { reactors: [] } : {}) });
process.stdout.write(`listening ${server.url}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
