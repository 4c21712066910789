// The heat map recorder's queue and point (issue 32 point 5): x a fraction of the width, y in document px
// (the viewport's for a fixed target), batches of at most 1,000, and a periodic flush that keeps the last
// second's clicks for the next one (a rage burst stays in one batch) while leaving sends everything.
import { describe, expect, it } from 'vitest';
import type { InteractionPointBody, InteractionsBatchBody } from '@contracts/heatmap';
import { createInteractionQueue, pointAt } from './interactions';

const click = (at: number, action: InteractionPointBody['action'] = 'click'): InteractionPointBody => ({
  at,
  path: '/feed',
  action,
  x: 0.5,
  y: 100,
  viewport: { width: 1280, height: 800 },
  fixed: false,
});

describe('the interaction recorder', () => {
  it('places a point by the share of the width and the document y', () => {
    const view = { width: 390, height: 844, scrollY: 1000 };
    expect(pointAt('click', 195, 300, false, '/feed', 5, view)).toEqual({
      at: 5,
      path: '/feed',
      action: 'click',
      x: 0.5,
      y: 1300,
      viewport: { width: 390, height: 844 },
      fixed: false,
    });
    // A target in a fixed bar keeps the viewport's y; x stays within 0..1 whatever the event says.
    expect(pointAt('click', 500, 30, true, '/feed', 5, view)).toMatchObject({ x: 1, y: 30, fixed: true });
    expect(pointAt('hover', -3, 10.6, false, '/feed', 5, view)).toMatchObject({ x: 0, y: 1011 });
  });

  it('keeps the last second of clicks for the next flush and sends everything when leaving', () => {
    const sent: { body: InteractionsBatchBody; leaving: boolean }[] = [];
    let now = 10_000;
    const queue = createInteractionQueue(
      'tab-recorder-1',
      (body, leaving) => sent.push({ body: JSON.parse(body) as InteractionsBatchBody, leaving }),
      () => now,
    );
    queue.add(click(8_000));
    queue.add(click(9_500));
    queue.add(click(9_600, 'hover'));
    queue.flush();
    expect(sent.map((s) => s.body.points.map((p) => `${p.action}@${p.at}`))).toEqual([['click@8000', 'hover@9600']]);
    expect(queue.pending()).toBe(1);
    now = 10_600;
    queue.add(click(10_500));
    queue.flush(true);
    expect(sent[1]).toMatchObject({ leaving: true, body: { visitorId: 'tab-recorder-1', sentAt: 10_600 } });
    expect(sent[1]!.body.points.map((p) => p.at)).toEqual([9_500, 10_500]);
    expect(queue.pending()).toBe(0);
  });

  it('sends at most 1,000 points a batch', () => {
    const sizes: number[] = [];
    const queue = createInteractionQueue(
      'tab-recorder-2',
      (body) => sizes.push((JSON.parse(body) as InteractionsBatchBody).points.length),
      () => 100_000,
    );
    for (let i = 0; i < 2_500; i += 1) queue.add(click(i, 'hover'));
    queue.flush();
    expect(sizes).toEqual([1000, 1000, 500]);
  });
});
