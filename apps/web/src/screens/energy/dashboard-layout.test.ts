import { describe, expect, it } from 'vitest';
import { completeLayout, moveWidget, WIDGETS } from './dashboard-layout.ts';

describe('dashboard layout', () => {
  it('shows every widget at first', () => {
    expect(completeLayout(undefined)).toEqual(WIDGETS.map((widget) => ({ widget, shown: true })));
  });

  it('keeps an old layout as it was and adds the widgets it did not know, shown, at the end', () => {
    const old = [
      { widget: 'saved', shown: true },
      { widget: 'lamps', shown: false },
      { widget: 'gone', shown: true },
      { widget: 'saved', shown: false },
      { widget: 'month', shown: true },
      { widget: 'today', shown: false },
    ];
    expect(completeLayout(old)).toEqual([
      { widget: 'saved', shown: true },
      { widget: 'lamps', shown: false },
      { widget: 'month', shown: true },
      { widget: 'today', shown: false },
      { widget: 'events', shown: true },
      { widget: 'commands', shown: true },
    ]);
    expect(completeLayout('not a layout')).toHaveLength(WIDGETS.length);
  });

  it('moves a widget among those the user may see', () => {
    const layout = completeLayout(undefined);
    const noCommands = (w: string) => w !== 'commands';
    expect(moveWidget(layout, noCommands, 1, 1).map((w) => w.widget)).toEqual([
      'lamps',
      'today',
      'events',
      'month',
      'saved',
      'commands',
    ]);
    expect(moveWidget(layout, noCommands, 0, -1)).toBe(layout);
  });
});
