// Freshness: the time from a command's HTTP response at one client to the websocket "changed" message at
// a second client (the mentor, whose dashboard must update). The API answers only after the projections
// applied the command (read-your-writes), and the NOTIFY that feeds the websocket is sent in the same
// projection transaction, so the message can even arrive before the response: that counts as 0 ms.
import WebSocket from 'ws';
import { startSessionFixture } from './session-fixture.js';
import type { BenchResult } from './support.js';
import { percentile } from './support.js';

const BOOKINGS = 150; // 3 per student

export const benchFreshness = async (): Promise<BenchResult> => {
  const fixture = await startSessionFixture({ mentors: 1, students: BOOKINGS / 3, label: 'fresh' });
  const mentor = fixture.mentors[0]!;
  const wsUrl = fixture.server.url.replace(/^http/, 'ws') + '/ws';
  const socket = new WebSocket(wsUrl, { headers: { cookie: mentor.client.cookie, origin: new URL(fixture.server.url).origin } });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const origin = new URL(fixture.server.url).origin;
    const samples: number[] = [];
    for (let i = 0; i < BOOKINGS; i += 1) {
      const student = fixture.students[i % fixture.students.length]!;
      const slot = mentor.slots[24 + i]!; // a day ahead: the earliest listed slots may pass while the fixture starts
      let messageAt = 0;
      const arrived = new Promise<void>((resolve) => {
        const onMessage = (raw: WebSocket.RawData) => {
          const message = JSON.parse(raw.toString()) as { type: string; scope?: string; id?: string };
          if (message.type === 'changed' && message.scope === 'session') {
            messageAt = performance.now();
            socket.off('message', onMessage);
            resolve();
          }
        };
        socket.on('message', onMessage);
      });
      const response = await fetch(`${fixture.server.url}/api/sessions`, {
        method: 'POST',
        headers: { cookie: student.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ instructor_id: mentor.client.memberId, skill_id: mentor.skillId, session_date: slot.date, session_time: slot.time, duration: 1 }),
      });
      await response.arrayBuffer();
      const respondedAt = performance.now();
      if (response.status !== 201) throw new Error(`booking answered ${response.status}`);
      await Promise.race([arrived, new Promise((_, reject) => setTimeout(() => reject(new Error('no websocket message within 5 s')), 5000))]);
      samples.push(Math.max(0, messageAt - respondedAt));
    }
    const p99 = percentile(samples, 99);
    const p50 = percentile(samples, 50);
    return {
      name: 'Freshness: command response to websocket message at a second client',
      subject: `${BOOKINGS} sequential bookings; the mentor's socket receives the session change`,
      baseline: 'none (an absolute latency target)',
      subjectValue: p99,
      baselineValue: p50,
      unit: 'ms (p99; the baseline column shows p50)',
      ratio: 1,
      target: 'p99 <= 100 ms',
      pass: p99 <= 100,
      notes: `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms; a message that arrives before the response counts as 0 ms`,
    };
  } finally {
    socket.close();
    await fixture.close();
  }
};
