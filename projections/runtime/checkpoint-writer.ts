// The lazy checkpoint. A batch with no event the projector handles, or whose events changed no row,
// moves only the position reached, without a statement; the projector's row catches up with the
// next batch that writes, or once the projector is idle, or once the position is `lazyMs` old, or on
// stop. A restart re-reads those events, which change nothing: nothing was written since they were
// applied, so they meet the same rows again.
import type { Checkpoint } from '../../eventstore/types.js';

export class CheckpointWriter {
  /** Where the projector stands in the log. */
  position: Checkpoint | null = null;
  /** What its checkpoint row says. */
  persisted: Checkpoint | null = null;
  private persistedAt = 0;

  constructor(private readonly lazyMs: number) {}

  /** The row was read (at start) or found moved by someone else (a rebuild's swap): both agree. */
  resetTo(checkpoint: Checkpoint | null): void {
    this.position = checkpoint;
    this.persisted = checkpoint;
    this.persistedAt = Date.now();
  }

  /** The row says less than the position reached. */
  get behind(): boolean {
    return this.position !== this.persisted;
  }

  /** Whether a position reached without writes may stay unwritten for now. */
  mayDefer(): boolean {
    return Date.now() - this.persistedAt < this.lazyMs;
  }

  /** A batch moved the position; `written` when its statement moved the row with it. */
  reached(checkpoint: Checkpoint, written: boolean): void {
    this.position = checkpoint;
    if (!written) return;
    this.persisted = checkpoint;
    this.persistedAt = Date.now();
  }
}
