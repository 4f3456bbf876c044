// Form paths are dotted (`city.lat`); an input finds the fields beside it through them.

/** `city.timezone` → `city.lat` */
export const sibling = (source: string, name: string) => source.replace(/[^.]+$/, name);

export const at = (values: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], values);
