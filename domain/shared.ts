// Shared domain building blocks. domain/ imports nothing outside domain/.

/** A coded domain error; api/ maps the code to an HTTP status in one place. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export type DomainErrorCode =
  | 'VALIDATION' // 400
  | 'NOT_AUTHORISED' // 403
  | 'NOT_FOUND' // 404
  | 'CONFLICT' // 409: state does not allow it (already registered, slot taken, ...)
  | 'INSUFFICIENT_POINTS' // 400
  | 'QUOTA_EXCEEDED' // 429: a daily allowance is used up (The S brain's questions)
  | 'INVALID_STATE'; // 409

export interface Event<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** A decider in the emmett sense: pure, total evolve; decide throws DomainError. */
export interface Decider<State, Command, E extends Event> {
  initialState: () => State;
  evolve: (state: State, event: E) => State;
  decide: (command: Command, state: State) => E[];
}

export const assertNever = (x: never): never => {
  throw new Error(`Unexpected value: ${JSON.stringify(x)}`);
};
