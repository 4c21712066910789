// Who downloaded which evidence pack (issue 33 point 5): an event on the admin's own stream, named by the
// pack's hash, so the pack itself never changes with its downloads.
import { adminActionsDecider } from '../../domain/admin-actions/decide.js';
import type { CommandRuntime } from '../runtime/types.js';
import { adminActionsStreamId } from '../stream-ids.js';

export const recordEvidenceDownload = (
  deps: { runtime: CommandRuntime },
  input: { adminId: string; sessionId: string; sha256: string; format: 'json' | 'html'; now: string; correlationId?: string | undefined },
) =>
  deps.runtime.handle(
    adminActionsDecider,
    adminActionsStreamId(input.adminId),
    { type: 'RecordEvidenceDownload', adminId: input.adminId, sessionId: input.sessionId, sha256: input.sha256, format: input.format, now: input.now },
    { now: input.now, actorId: input.adminId, correlationId: input.correlationId },
  );
