import {
  bigint,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Hourly rollups of the reading history, kept as the readings arrive (field/rollups.ts). Reports read these,
// never the raw rows, and they outlive the raw rows' retention (HISTORY_DAYS). Hours are UTC hours: a local day
// in any whole-hour zone, on either side of a DST change, is a run of whole UTC hours.

const hour = () => timestamp('hour', { withTimezone: true, mode: 'date' }).notNull();

/** Per meter, phase and hour: the energy counter's lowest and highest valid value (Wh) and the instant sums. */
export const meterHours = pgTable(
  'meter_hours',
  {
    serial: text('serial').notNull(),
    phase: integer('phase').notNull(),
    hour: hour(),
    // 0 (the meter's 65535, no value) is left out, so a missing value never looks like a counter reset
    energyMin: bigint('energy_min', { mode: 'number' }),
    energyMax: bigint('energy_max', { mode: 'number' }),
    powerSum: doublePrecision('power_sum').notNull(),
    powerMax: bigint('power_max', { mode: 'number' }).notNull(),
    voltageSum: doublePrecision('voltage_sum').notNull(),
    currentSum: doublePrecision('current_sum').notNull(),
    readings: integer('readings').notNull(),
    // the hour's consumption: energy_max over the last valid value before the hour (the hour's own energy_min
    // for a meter's first hour), kept by rollMeters so that no report looks back over the history
    wh: bigint('wh', { mode: 'number' }),
    // a four-quadrant meter's other registers, lowest and highest valid value: active export (Wh), reactive import
    // and export (varh); empty for a meter without them
    energyExportMin: bigint('energy_export_min', { mode: 'number' }),
    energyExportMax: bigint('energy_export_max', { mode: 'number' }),
    reactiveImportMin: bigint('reactive_import_min', { mode: 'number' }),
    reactiveImportMax: bigint('reactive_import_max', { mode: 'number' }),
    reactiveExportMin: bigint('reactive_export_min', { mode: 'number' }),
    reactiveExportMax: bigint('reactive_export_max', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.serial, t.phase, t.hour] })],
);

/**
 * Per group and hour: what its live meters drew (Wh, each meter's transformer ratios applied), every phase summed.
 * The whole group's consumption report reads only this: a month is ~720 rows. Kept by rollMeters as hours change
 * and by the meters' hooks (energy/group-hours.ts) when a meter changes group, ratio or serial, or is removed.
 */
export const groupHours = pgTable(
  'group_hours',
  {
    group: bigint('group', { mode: 'number' }).notNull(),
    hour: hour(),
    wh: doublePrecision('wh').notNull(),
  },
  (t) => [primaryKey({ columns: [t.group, t.hour] })],
);

/** Per lamp module and hour: its energy (Wh) and burn-hour counters' lowest and highest values, its power sum. */
export const moduleHours = pgTable(
  'module_hours',
  {
    mac: text('mac').notNull(),
    hour: hour(),
    energyMin: doublePrecision('energy_min'),
    energyMax: doublePrecision('energy_max'),
    runhMin: doublePrecision('runh_min'),
    runhMax: doublePrecision('runh_max'),
    powSum: doublePrecision('pow_sum').notNull(),
    readings: integer('readings').notNull(),
    // the hour's rises of the energy (Wh) and burn-hour counters over their last values before the hour (the hour's
    // own lowest for a module's first hour), kept by rollModules as meter_hours.wh is
    wh: doublePrecision('wh'),
    burnH: doublePrecision('burn_h'),
  },
  (t) => [primaryKey({ columns: [t.mac, t.hour] })],
);

/**
 * Per lamp module and UTC day: its hours' rises (module_hours.wh and burn_h, element i the hour from i:00 UTC; empty
 * where the hour has none), one row a day rather than 24, so a year of 100,000 modules fits a disk (module_hours, kept
 * for HISTORY_DAYS only, would need 145 GB). Kept by rollModules as the rises change; a group control's consumption
 * reads only this.
 */
export const moduleDays = pgTable(
  'module_days',
  {
    mac: text('mac').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    wh: doublePrecision('wh').array().notNull(),
    burnH: doublePrecision('burn_h').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.mac, t.day] })],
);

/**
 * Per district, group and hour: what the live meters of the cabinets placed in the district drew (Wh, ratios applied,
 * every phase). A district's consumption report reads only this. Kept by rollMeters as hours change and by database
 * triggers (db/district-hours.ts) when a cabinet changes district or a meter changes cabinet, serial, group or ratio.
 */
export const districtHours = pgTable(
  'district_hours',
  {
    district: bigint('district', { mode: 'number' }).notNull(),
    // 0: the meters in no group
    group: bigint('group', { mode: 'number' }).notNull(),
    hour: hour(),
    wh: doublePrecision('wh').notNull(),
  },
  (t) => [primaryKey({ columns: [t.district, t.hour, t.group] })],
);

/**
 * Per group, group control, profile and hour: the lamps' burn hours, what they drew (Wh) and what they would have drawn
 * at their models' full power (Wh), summed by rollModules as the hours' rises change, under the group, group control,
 * profile and model each lamp had when it burned (0: none). The energy-saved report reads only this.
 */
export const savedHours = pgTable(
  'saved_hours',
  {
    group: bigint('group', { mode: 'number' }).notNull(),
    hour: hour(),
    groupControl: bigint('group_control', { mode: 'number' }).notNull(),
    profile: bigint('profile', { mode: 'number' }).notNull(),
    burnH: doublePrecision('burn_h').notNull(),
    wh: doublePrecision('wh').notNull(),
    // what the lamps whose model has a rated power drew: the saving is theirs alone, as only they have a full power
    ratedWh: doublePrecision('rated_wh').notNull(),
    fullWh: doublePrecision('full_wh').notNull(),
  },
  (t) => [primaryKey({ columns: [t.group, t.hour, t.groupControl, t.profile] })],
);
