import { describe, expect, it } from 'vitest';
import { currentItemOf } from './detail-sections.ts';

describe('current item of a path', () => {
  it('names the section and id of a detail screen', () => {
    expect(currentItemOf('/Luminaries/12')).toEqual({ section: 'Luminaries', id: '12' });
    expect(currentItemOf('/Cabinets/3/show')).toEqual({ section: 'Cabinets', id: '3' });
    expect(currentItemOf('/Reports/7')).toEqual({ section: 'Reports', id: '7' });
  });

  it('names none without an id, for other screens, and for the create form', () => {
    expect(currentItemOf('/Luminaries')).toBeNull();
    expect(currentItemOf('/Luminaries/create')).toBeNull();
    expect(currentItemOf('/Vendors/4')).toBeNull();
    expect(currentItemOf('/About')).toBeNull();
  });

  it('leaves the current item to the map, which shows it', () => {
    expect(currentItemOf('/Map')).toBeUndefined();
  });
});
