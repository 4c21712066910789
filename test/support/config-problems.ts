// The message loadConfig refuses an environment with; a test that expected a refusal fails if it starts.
import { ConfigError, loadConfig } from '../../api/config.js';

export const problemsOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
};
