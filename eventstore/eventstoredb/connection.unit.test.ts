import { describe, expect, it } from 'vitest';
import { connectionStringProblem, redact, serverVersionProblem } from './connection.js';

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

describe('checking the server version', () => {
  it('accepts 22.6 and later, KurrentDB included', () => {
    for (const version of ['22.6.0.0', '22.10.1', '23.10.0', '24.10.0.1234', '25.0.0']) expect(serverVersionProblem(version)).toBeNull();
  });

  it('refuses servers before 22.6, which send no log position for stream reads', () => {
    expect(serverVersionProblem('22.4.0')).toBe('EventStoreDB 22.4.0 is older than 22.6, which this adapter needs');
    expect(serverVersionProblem('21.10.9')).toMatch(/older than 22.6/);
    expect(serverVersionProblem('5.0.11')).toMatch(/older than 22.6/);
  });

  it('refuses a server that does not tell its version (before 21.10)', () => {
    expect(serverVersionProblem('unknown')).toMatch(/did not tell its version \(unknown\).*22.6 or later/);
  });
});
