// Given / when / then for deciders, after emmett's DeciderSpecification: the one way a domain test states
// what a decision does (imported by *.unit.test.ts only).
//
//   const given = DeciderSpecification.for(memberDecider);
//   given([]).when(register()).then([registered]);                      // exactly these events
//   given([]).when(register({ name: ' Ada ' })).thenMatches([{ data: { name: 'Ada' } }]); // these, in part
//   given([registered]).when(register()).thenRefuses('CONFLICT');       // a coded DomainError
//
// A decision that reads several streams (the booking) is stated the same way from the states it reads:
// `DecisionSpecification.for(decideBooking)(states).when(request).then…`.
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

/** A value with any field left out, at any depth; arrays keep their length (vitest's toMatchObject). */
export type Partly<T> = T extends readonly (infer Item)[] ? readonly Partly<Item>[] : T extends object ? { [K in keyof T]?: Partly<T[K]> } : T;

export interface Outcome<Result> {
  /** The command is accepted and decides exactly this (compared like vitest's toEqual); returns it. */
  then: (expected: Result) => Result;
  /** The command is accepted and decides something that has these fields (like toMatchObject); returns what it decided. */
  thenMatches: (expected: Partly<Result>) => Result;
  /** The command is refused with this code (and message, when given); returns the refusal. */
  thenRefuses: (code: DomainErrorCode, message?: string) => DomainError;
}

const outcomeOf = <Result>(decide: () => Result): Outcome<Result> => ({
  then: (expected) => {
    // An object with `then` is a thenable: awaiting a spec would call this with resolve/reject.
    if (typeof expected === 'function') throw new Error('then() takes the expected events; a decider spec is not awaited');
    const actual = decide();
    if (!sameData(actual, expected)) throw mismatch('The decider did not append the expected events', actual, expected);
    return actual;
  },
  thenMatches: (expected) => {
    const actual = decide();
    if (!matches(actual, expected)) throw mismatch('The decider did not append events matching the expected ones', actual, expected);
    return actual;
  },
  thenRefuses: (code, message) => expectRefusal(decide, code, message),
});

export const DeciderSpecification = {
  /** `given(events)`: the stream's history so far; the state the command meets is its fold. */
  for:
    <State, Command, E extends Event>(decider: Decider<State, Command, E>) =>
    (events: readonly E[]) => ({
      when: (command: Command): Outcome<readonly E[]> => outcomeOf<readonly E[]>(() => decider.decide(command, events.reduce(decider.evolve, decider.initialState()))),
    }),
};

export const DecisionSpecification = {
  /** `given(states)`: the states of the streams the decision reads, each made by its own decider. */
  for:
    <States, Command, Result>(decide: (command: Command, states: States) => Result) =>
    (states: States) => ({
      when: (command: Command): Outcome<Result> => outcomeOf(() => decide(command, states)),
    }),
};

const mismatch = (text: string, actual: unknown, expected: unknown) => Object.assign(new Error(text), { actual, expected });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Deep equality of plain data as vitest's toEqual sees it: object keys whose value is undefined count as absent. */
const sameData = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (!isObject(a) || !isObject(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  const defined = (o: object) => Object.entries(o).filter(([, value]) => value !== undefined);
  const left = defined(a);
  const right = new Map(defined(b));
  return left.length === right.size && left.every(([key, value]) => right.has(key) && sameData(value, right.get(key)));
};

/** `actual` has every field of `expected`, at any depth; arrays have the same length, item by item (toMatchObject). */
const matches = (actual: unknown, expected: unknown): boolean => {
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => matches(actual[i], item));
  if (isObject(expected))
    return isObject(actual) && !Array.isArray(actual) && Object.entries(expected).every(([key, value]) => key in actual && matches(actual[key], value));
  return Object.is(actual, expected);
};
