// The API of `npm run dev` (scripts/dev.ts runs it under `tsx watch`): api/main.ts's start, on the
// development clock when DEV_CLOCK_OFFSET is set (api/dev-clock.ts). The variable is taken out of the
// environment the server validates, since the production start refuses it.
import { DEV_CLOCK_VARIABLE, parseDevClockOffset, shiftedClock } from '../api/dev-clock.js';
import { runFromCommandLine } from '../api/main.js';

const { [DEV_CLOCK_VARIABLE]: offsetText, ...env } = process.env;
let offsetMs = 0;
try {
  offsetMs = offsetText?.trim() ? parseDevClockOffset(offsetText, Date.now()) : 0;
} catch (error) {
  console.error(`SkillSwap cannot start. ${(error as Error).message}`);
  process.exit(1);
}
if (offsetMs !== 0) console.error(`Development clock: ${new Date(Date.now() + offsetMs).toISOString()} (${DEV_CLOCK_VARIABLE}=${offsetText}), running on from there.`);
await runFromCommandLine(env, offsetMs === 0 ? {} : { clock: shiftedClock(offsetMs) });
