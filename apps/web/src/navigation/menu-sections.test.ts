import { describe, expect, it } from 'vitest';
import { ENTITIES } from '@sl/domain';
import { MESSAGES } from '../i18n/messages.ts';
import { isSection, MENU, menuEntities, type MenuItem } from './menu-sections.ts';

const labels = (items: readonly MenuItem[]): string[] =>
  items.flatMap((i) =>
    isSection(i) ? [i.label, ...labels(i.entries)] : typeof i === 'string' ? [] : [i.label],
  );

describe('the menu by task', () => {
  it('lists every registry entity exactly once', () => {
    const named = menuEntities();
    expect([...named].sort()).toEqual(ENTITIES.map((e) => e.name).sort());
  });

  it('labels every section and screen with a message of both languages', () => {
    for (const key of labels(MENU)) {
      expect(MESSAGES['en-us'], key).toHaveProperty(key);
      expect(MESSAGES.ru, key).toHaveProperty(key);
    }
  });
});
