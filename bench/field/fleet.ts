import { encodeModuleBatch, MODULE_BATCH_MAX, topic, type ModuleReading } from '@sl/protocol';
import type { Cabinet, City, LampModule, Support } from '@sl/simulator';

// The bench's field: a synthetic city of `controllers` cabinets with `perController` lamp modules each, with the
// simulator's own MAC scheme, and ready-made module batches in the protocol's own encoding.

const hex = (n: number, bytes: number) =>
  n
    .toString(16)
    .toUpperCase()
    .padStart(bytes * 2, '0');

export function fleet(controllers: number, perController: number, network: number): City {
  const lon = -71.1097;
  const lat = 42.3736;
  const supports: Support[] = [];
  const cabinets: Cabinet[] = [];
  for (let c = 0; c < controllers; c++) {
    const uid = `B-${c + 1}`;
    const modules: LampModule[] = [];
    for (let k = 0; k < perController; k++) {
      const i = c * perController + k;
      const pole = `B-P${i + 1}`;
      const m: LampModule = {
        mac: `024D${hex(network, 2)}${hex(i, 4)}`,
        phase: ((k % 3) + 1) as 1 | 2 | 3,
        luminaire: `B-L${i + 1}`,
        support: pole,
        watts: 60,
      };
      modules.push(m);
      supports.push({ uid: pole, lon: lon + i * 1e-5, lat, cabinet: uid, lamps: [m.luminaire] });
    }
    cabinets.push({
      uid,
      group: 'bench',
      lon,
      lat,
      controller: { uid: `${uid}-C`, mac: `0243${hex(network, 2)}${hex(c, 2)}`, imei: imeiOf(network, c) },
      meter: { serial: `M${hex(network, 2)}${String(c + 1).padStart(5, '0')}` },
      modules,
    });
  }
  return { name: 'bench', network, lon, lat, supports, cabinets };
}

/** An IMEI is 15 digits (the registry refuses others): 35, the network number and the cabinet's. */
const imeiOf = (network: number, c: number) =>
  `35${String(network).padStart(5, '0')}${String(c).padStart(8, '0')}`;

/**
 * A batch of readings with its time left open: `fill(iso)` gives the wire payload at that time, each module's energy
 * counter at its value then (rising 1 Wh a second), so that every reading moves the hour's rise the rollups keep, as
 * a counter that rises between readings does.
 */
export type Template = { controller: string; topic: string; readings: number; fill(iso: string): string };

/** a placeholder time, replaced by `fill`; recent, as the protocol takes only readings from the last 400 days */
const AT = new Date(Date.UTC(new Date().getUTCFullYear(), 0, 1) - 1)
  .toISOString()
  .replace(/\.\d+Z$/, '.123Z');
/** a placeholder energy counter, replaced by `fill` */
const ENERGY = 271_828.125;
const energyAt = (iso: string) => String((Date.parse(iso) - Date.parse(AT)) / 1000);

/**
 * Batches of each controller's own modules (at most MODULE_BATCH_MAX readings per message), each under that
 * controller's topic, as the field sends them: the server believes a module's reading only from the module's own
 * controller. Encoded once through the protocol's encoder, so they are what the field sends.
 */
export function templates(city: City): Template[] {
  const out: Template[] = [];
  for (const cabinet of city.cabinets) {
    const macs = cabinet.modules.map((m) => m.mac);
    for (let i = 0; i < macs.length; i += MODULE_BATCH_MAX) {
      const modules: ModuleReading[] = macs.slice(i, i + MODULE_BATCH_MAX).map((mac, j) => ({
        mac,
        pwm: 80,
        pow: 48.5 + (j % 7),
        lux: 3.2,
        temp: 21.5,
        energy: ENERGY,
        runh: 4_000 + j,
        lpwm: 10,
        cpwm: 100,
        rssi: -70 - (j % 20),
        twil: 2,
        cl_status: 1,
        phase: ((j % 3) + 1) as 1 | 2 | 3,
        at: AT,
      }));
      const parts = encodeModuleBatch({ at: AT, modules })
        .split(AT)
        .map((part) => part.split(String(ENERGY)));
      out.push({
        controller: cabinet.controller.mac,
        topic: topic(cabinet.controller.mac, 'modules'),
        readings: modules.length,
        fill: (iso) => parts.map((part) => part.join(energyAt(iso))).join(iso),
      });
    }
  }
  return out;
}
