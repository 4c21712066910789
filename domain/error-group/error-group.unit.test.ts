import { describe, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import type { ErrorGroupCommand } from './commands.js';
import { ERROR_GROUP_REASON_MAX, errorGroupDecider, errorGroupTexts } from './decide.js';
import type { ErrorGroupEvent } from './events.js';

const given = DeciderSpecification.for(errorGroupDecider);
const base = { groupId: '0123456789abcdef', adminId: 'admin-1', at: '2026-11-29T12:00:00.000Z', reason: 'Fixed in 1.2.0', appVersion: '1.2.0', latestOccurrenceId: '41' };
const command = (type: ErrorGroupCommand['type'], more: Partial<ErrorGroupCommand> = {}): ErrorGroupCommand => ({ type, ...base, regressed: false, ...more });
const data = { groupId: base.groupId, by: base.adminId, at: base.at, reason: base.reason, appVersion: base.appVersion, latestOccurrenceId: base.latestOccurrenceId };
const resolved: ErrorGroupEvent = { type: 'ErrorGroupResolved', data };
const ignored: ErrorGroupEvent = { type: 'ErrorGroupIgnored', data };
const reopened: ErrorGroupEvent = { type: 'ErrorGroupReopened', data };

describe('an error group’s status', () => {
  it('is resolved, ignored and reopened by an admin with who, when, why, the version and the newest occurrence seen', () => {
    given([]).when(command('ResolveErrorGroup')).then([resolved]);
    given([]).when(command('IgnoreErrorGroup')).then([ignored]);
    given([resolved]).when(command('ReopenErrorGroup')).then([reopened]);
    given([ignored]).when(command('ResolveErrorGroup')).then([resolved]);
    given([resolved]).when(command('IgnoreErrorGroup')).then([ignored]);
  });

  it('refuses with 409 what is already so', () => {
    given([resolved]).when(command('ResolveErrorGroup')).thenRefuses('CONFLICT', errorGroupTexts.alreadyInStatus);
    given([ignored]).when(command('IgnoreErrorGroup')).thenRefuses('CONFLICT', errorGroupTexts.alreadyInStatus);
    given([]).when(command('ReopenErrorGroup')).thenRefuses('CONFLICT', errorGroupTexts.alreadyInStatus);
    given([resolved, reopened]).when(command('ReopenErrorGroup')).thenRefuses('CONFLICT', errorGroupTexts.alreadyInStatus);
  });

  it('resolves again a resolved group that regressed', () => {
    given([resolved])
      .when(command('ResolveErrorGroup', { regressed: true, latestOccurrenceId: '57', appVersion: '1.3.0' }))
      .thenMatches([{ type: 'ErrorGroupResolved', data: { latestOccurrenceId: '57', appVersion: '1.3.0' } }]);
  });

  it('asks for a reason, trimmed and bounded', () => {
    given([])
      .when(command('IgnoreErrorGroup', { reason: '   ' }))
      .thenRefuses('VALIDATION', errorGroupTexts.reasonRequired);
    given([])
      .when(command('IgnoreErrorGroup', { reason: 'x'.repeat(ERROR_GROUP_REASON_MAX + 1) }))
      .thenRefuses('VALIDATION', errorGroupTexts.reasonTooLong);
    given([])
      .when(command('ResolveErrorGroup', { reason: '  Fixed in 1.2.0 ' }))
      .then([resolved]);
  });
});
