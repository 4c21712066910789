// The repository's root on this machine: server frames under it are ours, shown as repository paths.
import { fileURLToPath } from 'node:url';

export const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
