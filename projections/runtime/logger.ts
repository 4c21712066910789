// The logging the runtime needs; a pino logger fits it as is.
export interface RuntimeLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const write = (level: string) => (obj: object, msg?: string) => {
  const err = (obj as { err?: unknown }).err;
  console.error(`[projections] ${level}: ${msg ?? ''}`, err instanceof Error ? err.message : '', { ...obj, err: undefined });
};

/** Default: warnings and errors to stderr, progress messages dropped. */
export const stderrLogger: RuntimeLogger = { info: () => {}, warn: write('warn'), error: write('error') };

export const silentLogger: RuntimeLogger = { info: () => {}, warn: () => {}, error: () => {} };
