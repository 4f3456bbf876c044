import { impossibleRise, type MeterReading, type PhaseRegisters } from '@sl/protocol';

/** A meter's registers at an instant: a reading it sent, or its row's latest (`energy_data`, `last_received_at`). */
export type MeterRegisters = { at: string; phases: readonly PhaseRegisters[] };

/**
 * Refuses a meter reading whose registers rose faster than a meter counts since the meter's previous reading
 * (`impossibleRise`). The previous one is the last this process heard from the meter, believed or not, else its
 * row's: a single wild reading is refused, while a meter that goes on from a new value (one replaced by a meter
 * with a higher count) is believed again from its second reading on.
 */
export class MeterRises {
  private readonly heard = new Map<string, MeterRegisters>();

  /** The readings that could be, in time order; `refuse` is told of each other one and why. */
  sift<T extends { reading: MeterReading }>(
    readings: T[],
    stored: ReadonlyMap<string, MeterRegisters>,
    refuse: (item: T, reason: string) => void,
  ): MeterReading[] {
    const sorted = [...readings].sort((a, b) => Date.parse(a.reading.at) - Date.parse(b.reading.at));
    const believed: MeterReading[] = [];
    for (const item of sorted) {
      const { serial, at } = item.reading;
      const before = this.heard.get(serial) ?? stored.get(serial);
      const problem = before && impossibleRise(before, item.reading);
      if (!before || Date.parse(at) > Date.parse(before.at)) this.remember(serial, item.reading);
      if (problem) refuse(item, problem);
      else believed.push(item.reading);
    }
    return believed;
  }

  private remember(serial: string, reading: MeterRegisters) {
    if (this.heard.size >= 100_000 && !this.heard.has(serial)) this.heard.clear();
    this.heard.set(serial, reading);
  }
}
