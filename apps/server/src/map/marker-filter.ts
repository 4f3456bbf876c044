/** Which devices of a layer the map draws: all, those without a lamp, those needing attention. */
export type MarkerFilter = 'all' | 'unused' | 'broken';
