import { describe, expect, it } from 'vitest';
import { connectionStringProblem, redact } from './connection.js';

describe('checking the EventStoreDB connection string', () => {
  it('accepts esdb:// and esdb+discover:// URLs', () => {
    expect(connectionStringProblem('esdb://localhost:2113?tls=false')).toBeNull();
    expect(connectionStringProblem('esdb+discover://admin:changeit@cluster.local:2113')).toBeNull();
  });

  it('refuses other schemes, naming the URL without its password', () => {
    expect(connectionStringProblem('postgres://u:secret@db:5432/x')).toMatch(/esdb:\/\/ or esdb\+discover:\/\/ \(got postgres:\/\/u:\*\*\*@db:5432\/x\)/);
    expect(connectionStringProblem('localhost:2113')).toMatch(/must start with esdb/);
  });

  it('refuses throwOnAppendFailure=false, which would turn conflicts into silent results', () => {
    expect(connectionStringProblem('esdb://localhost:2113?tls=false&throwOnAppendFailure=false')).toMatch(/throwOnAppendFailure/);
    expect(connectionStringProblem('esdb://localhost:2113?ThrowOnAppendFailure=FALSE')).toMatch(/throwOnAppendFailure/);
    expect(connectionStringProblem('esdb://localhost:2113?throwOnAppendFailure=true')).toBeNull();
  });

  it('hides passwords in messages', () => {
    expect(redact('esdb://admin:changeit@host:2113?tls=false')).toBe('esdb://admin:***@host:2113?tls=false');
    expect(redact('esdb://host:2113')).toBe('esdb://host:2113');
  });
});
