import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LiveSwitchView, liveStatusText } from './dashboard-header';

describe("the dashboard's live switch", () => {
  it('is a switch that says whether it is on', () => {
    expect(renderToStaticMarkup(<LiveSwitchView live connected onChange={() => {}} />)).toMatch(/role="switch" aria-checked="true"/);
    expect(renderToStaticMarkup(<LiveSwitchView live={false} connected onChange={() => {}} />)).toMatch(/role="switch" aria-checked="false"/);
  });

  it('says whether figures are pushed, polled at the fallback while the socket is down, or paused', () => {
    expect(liveStatusText(true, true)).toBe('Updates as they happen');
    expect(liveStatusText(true, false)).toBe('Reconnecting: refreshing every 30 s');
    expect(liveStatusText(false, true)).toMatch(/^Paused/);
    expect(liveStatusText(false, false)).toMatch(/^Paused/);
  });
});
