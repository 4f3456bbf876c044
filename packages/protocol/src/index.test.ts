import { describe, expect, it } from 'vitest';
import { everyController, parseTopic, topic } from './index.ts';

describe('topic map', () => {
  it('builds and parses controller topics', () => {
    const t = topic('aa:bb:cc:00:11:22', 'state');
    expect(t).toBe('sl/v1/AABBCC001122/state');
    expect(parseTopic(t)).toEqual({ mac: 'AABBCC001122', kind: 'state' });
    expect(everyController('reply')).toBe('sl/v1/+/reply');
  });

  it('rejects topics outside the map', () => {
    for (const bad of [
      'sl/v1/AABBCC001122/unknown',
      'sl/v2/AABBCC001122/state',
      'sl/v1/zz/state',
      'sl/v1/AABBCC001122/state/x',
    ])
      expect(parseTopic(bad)).toBeUndefined();
  });
});
