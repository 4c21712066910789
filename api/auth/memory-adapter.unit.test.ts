import { describe, expect, it } from 'vitest';
import { createMemoryAdapterFactory } from './memory-adapter.js';

describe('the development provider memory adapter', () => {
  it('drops the oldest entries past its cap of 10,000 and keeps the newest', async () => {
    const sessions = createMemoryAdapterFactory()('Session');
    for (let i = 0; i <= 10_000; i += 1) await sessions.upsert(`s${i}`, { accountId: `a${i}` }, 3600);
    expect(await sessions.find('s0')).toBeUndefined();
    expect(await sessions.find('s10000')).toEqual({ accountId: 'a10000' });
    // Down to 90% of the cap at once, so the next thousand upserts sweep nothing.
    expect(await sessions.find('s999')).toBeUndefined();
    expect(await sessions.find('s1001')).toEqual({ accountId: 'a1001' });
  });

  it('drops expired entries before live ones', async () => {
    const adapter = createMemoryAdapterFactory();
    const grants = adapter('Grant');
    await grants.upsert('kept', { accountId: 'first' }, 3600);
    for (let i = 0; i < 9_999; i += 1) await grants.upsert(`g${i}`, { accountId: 'x' }, -1);
    await grants.upsert('new', { accountId: 'last' }, 3600);
    expect(await grants.find('kept')).toEqual({ accountId: 'first' });
    expect(await grants.find('new')).toEqual({ accountId: 'last' });
  });
});
