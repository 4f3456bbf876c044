// What a crew replaces on a lamp post (issue 32): the lamp itself, its driver (the power supply inside it), or the
// lamp's control module (its MAC on the radio network).

export const PART_KINDS = ['LAMP', 'DRIVER', 'CONTROL_MODULE'] as const;
export type PartKind = (typeof PART_KINDS)[number];

/** The kinds done on a lamp (the replacement names it); a control module's names the module taken out. */
export const LAMP_PART_KINDS: readonly PartKind[] = ['LAMP', 'DRIVER'];
