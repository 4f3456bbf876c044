import { randomUUID } from 'node:crypto';
import type { Sampling } from './talq-gateway-loggers.ts';

// The log reports of the simulator's TALQ gateway (talq-cms.json `POST /log-reports`): its lamps' attribute values
// as a logger's sampling asks them (the logger's address as the report's), or, before the CMS configured any, each
// lamp's level, power and energy.

/** a simulated lamp as far as its reports tell it */
type ReportedLamp = { address: string; watts: number; level: number; energyWh: number; burnHours: number };

/** the functions of each simulated lamp */
const LAMP_FUNCTIONS = [
  { id: 'basic', type: 'BasicFunction' },
  { id: 'lamp', type: 'LampActuatorFunction' },
  { id: 'monitor', type: 'LampMonitorFunction' },
];
/** what a gateway no CMS configured a logger of reports, by function */
const UNCONFIGURED: Record<string, string[]> = {
  lamp: ['actualLightState'],
  monitor: ['activePower', 'activeEnergy'],
};
/** the supply every simulated lamp has */
const SUPPLY_VOLTS = 230;
const float = (value: number) => ({ type: 'AttributeFloat', value });

/** The TALQ attributes the simulator knows of a lamp's function, by name. */
export function valuesOf(l: ReportedLamp, functionId: string): Record<string, object> {
  if (functionId === 'lamp')
    return {
      actualLightState: { type: 'AttributeLevelState', value: { name: 'LevelState', value: l.level } },
    };
  if (functionId !== 'monitor') return {};
  return {
    activePower: float(Math.round(l.watts * l.level) / 100),
    activeEnergy: float(Math.round(l.energyWh) / 1000),
    operatingHours: float(Math.round(l.burnHours * 100) / 100),
    supplyVoltage: float(SUPPLY_VOLTS),
  };
}

/** A log report of the lamps' values at an instant; what the simulator does not know of them is left out. */
export function reportOf(of: ReportedLamp[], at: Date, sampling?: Sampling) {
  const timestamp = at.toISOString();
  const entries = of.flatMap((l) => {
    if (sampling && !sampling.covers(l.address)) return [];
    return LAMP_FUNCTIONS.flatMap((fn) => {
      const values = valuesOf(l, fn.id);
      const asked = sampling ? sampling.attributesOf(fn) : UNCONFIGURED[fn.id];
      const names = asked?.includes('*') ? Object.keys(values) : (asked ?? []);
      return names.flatMap((attributeName) => {
        const attributeValue = values[attributeName];
        if (!attributeValue) return [];
        const srcAddress = `${l.address}/${fn.id}`;
        return [{ data: { type: 'AttributeLogData', srcAddress, timestamp, attributeName, attributeValue } }];
      });
    });
  });
  return { address: sampling?.logger ?? randomUUID(), entries };
}
