// Run as a child process by the crash tests (npx tsx test/projections/support/crash-child.ts <mode>).
// It prints one line per step so the parent can kill it mid-way. Connects like the app does.
//   catch-up: runs the projection runtime until every projector reaches $HEAD, then exits.
//   rebuild:  rebuilds every read model, printing progress and finally each outcome.
import { connectFromEnv } from '../../../eventstore/connect-from-env.js';
import { testProjectors } from './projectors.js';
import { silentLogger } from '../../../projections/runtime/logger.js';
import { createProjectionRuntime } from '../../../projections/runtime/projection-runtime.js';
import { rebuildProjectors } from '../../../projections/rebuild/rebuild-projectors.js';

const mode = process.argv[2];
const batchSize = Number(process.env.BATCH_SIZE ?? 50);
const connections = await connectFromEnv(process.env);
const say = (line: string) => process.stdout.write(`${line}\n`);

try {
  if (mode === 'catch-up') {
    const runtime = createProjectionRuntime({
      ...connections,
      projectors: testProjectors,
      logger: silentLogger,
      batchSize,
      onBatch: (b) => say(`batch ${b.projector} ${b.events}`),
    });
    await runtime.start();
    await runtime.waitFor(process.env.HEAD!, 100_000);
    await runtime.stop();
  } else if (mode === 'rebuild') {
    const outcomes = await rebuildProjectors({
      ...connections,
      projectors: testProjectors,
      batchSize,
      onProgress: (p) => say(`progress ${p.projector} ${p.done} ${p.total} ${p.resumed}`),
    });
    for (const outcome of outcomes) say(`outcome ${JSON.stringify(outcome)}`);
  } else {
    throw new Error(`Unknown mode ${mode}`);
  }
  say('done');
} finally {
  await connections.close();
}
