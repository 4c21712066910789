// Given / when / then for deciders, after emmett's DeciderSpecification (imported by *.unit.test.ts only):
//
//   const given = DeciderSpecification.for(memberDecider);
//   given([]).when(register()).then([registered]);
//   given([registered]).when(register()).thenRefuses('CONFLICT');
//
// No test-runner import: domain/ depends on nothing outside domain/. A failed expectation throws an Error
// that carries `actual` and `expected`, which vitest prints as a diff.
import { DomainError } from './shared.js';
import type { Decider, DomainErrorCode, Event } from './shared.js';

/** Fails (throws) unless `run` is refused with a DomainError of this code (and message, when given); returns the refusal. */
export const expectRefusal = (run: () => unknown, code: DomainErrorCode, message?: string): DomainError => {
  try {
    run();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code !== code) throw new Error(`Expected a ${code} refusal, got ${error.code}: ${error.message}`);
    if (message !== undefined && error.message !== message) {
      throw mismatch(`Expected the refusal "${message}", got "${error.message}"`, error.message, message);
    }
    return error;
  }
  throw new Error(`Expected a ${code} refusal, but the command was accepted`);
};

export const DeciderSpecification = {
  /** `given(events)`: the stream's history so far; the state the command meets is its fold. */
  for:
    <State, Command, E extends Event>(decider: Decider<State, Command, E>) =>
    (events: readonly E[]) => ({
      when: (command: Command) => {
        const decide = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
        return {
          /** The command is accepted and appends exactly these events (compared like vitest's toEqual). */
          then: (expected: readonly E[]): void => {
            // An object with `then` is a thenable: awaiting a spec would call this with resolve/reject.
            if (!Array.isArray(expected)) throw new Error('then() takes the expected events; a decider spec is not awaited');
            const actual = decide();
            if (!sameData(actual, expected)) throw mismatch('The decider did not append the expected events', actual, expected);
          },
          /** The command is refused with this code (and message, when given); returns the refusal. */
          thenRefuses: (code: DomainErrorCode, message?: string): DomainError => expectRefusal(decide, code, message),
        };
      },
    }),
};

const mismatch = (text: string, actual: unknown, expected: unknown) => Object.assign(new Error(text), { actual, expected });

/** Deep equality of plain data as vitest's toEqual sees it: object keys whose value is undefined count as absent. */
const sameData = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  const defined = (o: object) => Object.entries(o).filter(([, value]) => value !== undefined);
  const left = defined(a);
  const right = new Map(defined(b));
  return left.length === right.size && left.every(([key, value]) => right.has(key) && sameData(value, right.get(key)));
};
