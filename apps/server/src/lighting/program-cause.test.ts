import { describe, expect, it } from 'vitest';
import { PendingCauses, type ProgramCause } from './program-cause.ts';

const cause = (change: number, userId = 1): ProgramCause => ({ userId, entity: 'Profiles', id: 9, change });
const a = { mac: 'A', group: 1 };
const b = { mac: 'B', group: 1 };
const elsewhere = { mac: 'C', group: 2 };

describe('pending program causes', () => {
  it('names a change in every table of its group until each controller has had one', () => {
    const p = new PendingCauses();
    p.add(new Map([[1, cause(5)]]));
    p.had(a);
    p.settle([a, b, elsewhere]);
    expect(p.of([a])).toBeUndefined();
    expect(p.of([b])).toEqual(cause(5));
    expect(p.of([elsewhere])).toBeUndefined();
    p.had(b);
    p.settle([a, b, elsewhere]);
    expect(p.of([b])).toBeUndefined();
  });

  it('takes the newest of a group’s change and a change every group shares', () => {
    const p = new PendingCauses();
    p.add(new Map([[1, cause(5, 1)]]));
    p.add(new Map([[null, cause(7, 2)]]));
    expect(p.of([a])).toEqual(cause(7, 2));
    expect(p.of([elsewhere])).toEqual(cause(7, 2));
    p.had(elsewhere);
    p.settle([a, elsewhere]);
    // the shared change is kept while a controller of any group has not had it
    expect(p.of([a])).toEqual(cause(7, 2));
    p.had(a);
    p.settle([a, elsewhere]);
    expect(p.of([a, elsewhere])).toBeUndefined();
  });

  it('replaces a group’s change by a newer one, which every controller has yet to have', () => {
    const p = new PendingCauses();
    p.add(new Map([[1, cause(5, 1)]]));
    p.had(a);
    p.add(new Map([[1, cause(6, 3)]]));
    expect(p.of([a])).toEqual(cause(6, 3));
  });
});
