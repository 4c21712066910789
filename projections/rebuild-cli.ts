// `npm run rebuild [name...]`: replays the event log into fresh read-model tables and swaps them in
// (all read models when no name is given). Safe while the app runs on PostgreSQL (the swap waits until
// the new tables hold what the app's follower applied); on PGlite stop the app first, since one process
// owns the data directory, or rebuild from inside the app (the operations object's `rebuild`, the same
// code). Ctrl-C stops between batches; run it again to resume.
import { connectFromEnv } from '../eventstore/connect-from-env.js';
import { allProjectors } from './all-projectors.js';
import { createProgressBar } from './rebuild/progress-bar.js';
import { rebuildProjectors, selectProjectors } from './rebuild/rebuild-projectors.js';

const main = async (): Promise<number> => {
  const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  let selected;
  try {
    selected = selectProjectors(allProjectors, names);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  let connections;
  try {
    connections = await connectFromEnv(process.env);
  } catch (error) {
    process.stderr.write(`Rebuild cannot start. ${(error as Error).message}\n`);
    return 1;
  }
  const bar = createProgressBar(process.stderr);
  const abort = new AbortController();
  const interrupt = () => {
    process.stderr.write('\nStopping after the current batch...\n');
    abort.abort();
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const outcomes = await rebuildProjectors({
      sql: connections.sql,
      store: connections.store,
      projectors: selected,
      onProgress: (p) => bar.update(p),
      signal: abort.signal,
    });
    bar.finish();
    for (const outcome of outcomes) {
      if (outcome.status === 'aborted') {
        process.stderr.write(`${outcome.projector}: interrupted; run the same command again to resume.\n`);
        return 130;
      }
      const rate = outcome.eventsThisRun / Math.max(outcome.ms / 1000, 0.001);
      process.stderr.write(
        `${outcome.projector}: ${outcome.eventsThisRun.toLocaleString('en-US')} events in ${(outcome.ms / 1000).toFixed(1)} s ` +
          `(${Math.round(rate).toLocaleString('en-US')} ev/s)${outcome.resumed ? ', resumed' : ''}, swapped in\n`,
      );
    }
    return 0;
  } catch (error) {
    bar.finish();
    process.stderr.write(`Rebuild failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await connections.close();
  }
};

process.exitCode = await main();
