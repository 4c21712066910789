// The stream catalogue (commands/stream-catalogue.ts) against the functions that name streams: a stream-id
// function added to stream-ids.ts without a category fails here, before an operator meets a stream
// that time travel cannot fold.
import { describe, expect, it } from 'vitest';
import { categoryName, defineStreamCatalogue } from './runtime/stream-catalogue.js';
import * as streamIds from './stream-ids.js';
import { streamCatalogue } from './stream-catalogue.js';

const named = new Set(streamCatalogue.categories.flatMap((category) => category.namedBy));

describe('the stream catalogue', () => {
  it('has a category for every stream-id function and stream name stream-ids.ts exports', () => {
    const exported = Object.entries(streamIds).filter(([, value]) => typeof value === 'function' || typeof value === 'string');
    expect(exported.length).toBeGreaterThan(10);
    const unregistered = exported.filter(([, value]) => !named.has(value as string)).map(([name]) => name);
    expect(unregistered, 'stream-ids.ts exports these without a category in streamCatalogue (commands/stream-catalogue.ts)').toEqual([]);
  });

  it('places every id its functions make in the category that names them', () => {
    for (const category of streamCatalogue.categories) {
      const examples = category.examples();
      expect(examples.length, categoryName(category)).toBeGreaterThan(0);
      for (const id of examples) expect(streamCatalogue.categoryOf(id), id).toBe(category);
    }
  });

  it('tells apart the categories that share a first segment', () => {
    const nameOf = (id: string) => {
      const category = streamCatalogue.categoryOf(id);
      return category ? categoryName(category) : undefined;
    };
    expect(nameOf('slots-carried-over')).toBe('slots-carried-over');
    expect(nameOf(streamIds.slotHourStreamId('m1', '2026-03-02T09:15:00.000Z'))).toBe('slots-');
    expect(nameOf(streamIds.skillCatalogueStreamId('s1'))).toBe('skill-catalogue-');
    expect(nameOf(streamIds.skillLikesStreamId('s1'))).toBe('skill-likes-');
    expect(nameOf(streamIds.bookingsIndexStreamId('s1'))).toBe('bookings-index-');
    expect(nameOf(streamIds.LEGACY_BOOKINGS_INDEX_STREAM)).toBe('bookings-index');
    expect(nameOf(streamIds.bookingStreamId('s1'))).toBe('booking-');
    expect(nameOf(streamIds.aiQuotaStreamId('m1', '2026-03-02'))).toBe('ai-quota-');
    expect(nameOf('slot-m1-2026-03-02T09:15:00.000Z')).toBe('slot-');
    expect(nameOf('telemetry-1')).toBeUndefined();
    expect(nameOf('member-')).toBeUndefined();
  });

  it('folds member streams with both of their deciders and lists index and marker streams as raw', () => {
    const member = streamCatalogue.categoryOf(streamIds.memberStreamId('m1'));
    expect(member?.kind === 'folded' && Object.keys(member.folds)).toEqual(['member', 'welcomeTour']);
    const raw = streamCatalogue.categories.filter((category) => category.kind === 'raw').map(categoryName);
    expect(raw.sort()).toEqual(['bookings-index', 'bookings-index-', 'slot-', 'slots-carried-over', 'student-time-carried-over']);
  });

  it('refuses a category listed twice', () => {
    const category = { kind: 'raw' as const, match: { prefix: 'x-' }, describes: 'x', namedBy: [], examples: () => ['x-1'] };
    expect(() => defineStreamCatalogue([category, { ...category }])).toThrow('Stream category x- is listed twice');
  });
});
