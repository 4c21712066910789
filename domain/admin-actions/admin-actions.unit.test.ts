import { describe, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import { adminActionsDecider, type RecordTestEmail } from './decide.js';
import { SMTP_ANSWER_MAX_LENGTH, type TestEmailSent } from './events.js';

const record = (extra: Partial<RecordTestEmail> = {}): RecordTestEmail => ({
  type: 'RecordTestEmail',
  adminId: 'admin-1',
  to: ' ada@example.com ',
  outcome: { sent: true, messageId: '<m1@skillswap>', response: '250 OK: queued' },
  now: '2026-11-29T04:00:00.000Z',
  ...extra,
});

const sent: TestEmailSent = {
  type: 'TestEmailSent',
  data: { to: 'ada@example.com', messageId: '<m1@skillswap>', response: '250 OK: queued', sentBy: 'admin-1', sentAt: '2026-11-29T04:00:00.000Z' },
};

const given = DeciderSpecification.for(adminActionsDecider);

describe('RecordTestEmail', () => {
  it("records a sent test e-mail with SMTP's answer, who sent it and when", () => {
    given([]).when(record()).then([sent]);
  });

  it("records a refused test e-mail with SMTP's reason", () => {
    given([])
      .when(record({ outcome: { sent: false, reason: ' Invalid login: 535 Authentication failed ' } }))
      .then([
        {
          type: 'TestEmailFailed',
          data: { to: 'ada@example.com', reason: 'Invalid login: 535 Authentication failed', sentBy: 'admin-1', failedAt: '2026-11-29T04:00:00.000Z' },
        },
      ]);
  });

  it('records every attempt, the same as the one before included', () => {
    given([sent]).when(record()).then([sent]);
  });

  it("keeps SMTP's text up to the limit and says so when it gave none", () => {
    given([])
      .when(record({ outcome: { sent: false, reason: 'x'.repeat(SMTP_ANSWER_MAX_LENGTH + 50) } }))
      .thenMatches([{ type: 'TestEmailFailed', data: { reason: 'x'.repeat(SMTP_ANSWER_MAX_LENGTH) } }]);
    given([])
      .when(record({ outcome: { sent: false, reason: '  ' } }))
      .thenMatches([{ type: 'TestEmailFailed', data: { reason: 'No reason given' } }]);
  });

  it('refuses a record without an admin or an address', () => {
    given([])
      .when(record({ to: ' ' }))
      .thenRefuses('VALIDATION');
    given([])
      .when(record({ adminId: '' }))
      .thenRefuses('VALIDATION');
  });
});
