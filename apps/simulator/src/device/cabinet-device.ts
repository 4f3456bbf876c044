import { encodeIo, meterInt, METER_NO_VALUE, type ControllerState, type IoState } from '@sl/protocol';
import type { MeterReading, ModuleReading } from '@sl/protocol';
import type { Cabinet } from '../city/build-city.ts';
import { jitter, type Rng } from '../rng.ts';
import { ambientLux } from '../sun.ts';
import { DefaultNight, RunningProgram } from './program.ts';
import { noHeldFaults, type HeldFaults } from './faults.ts';
import type { RunningSchedule } from './schedule.ts';
import { burn, newLamp, reactive, reading, skyOf, type Lamp } from './lamp.ts';

export const FIRMWARE = '1.0.0-sim';
const CONTROLLER_WATTS = 6;
// its supply's transformer: a little inductive
const CONTROLLER_VARS = 2;
// US street lighting here is fed from 120/208 V wye service: 120 V per phase
const PHASE_VOLTS = 120;

/**
 * One cabinet: its controller's I/O, its meter and the lamp modules on its three phases. Modules are fed ahead
 * of the contactors, so they report by day too; a tripped breaker cuts its phase's modules off.
 */
export class CabinetDevice {
  readonly io: IoState = {
    door: 'closed',
    mode: 'AUTO',
    breakers: [true, true, true],
    relays: [false, false, false],
  };
  readonly lamps = new Map<string, Lamp>();
  /** faults held by the fault controls until let go */
  readonly held: HeldFaults = noHeldFaults();
  online = true;
  /** its radio to the modules works: without it no module is heard and a dim answers 7 */
  radioUp = true;
  /** its city (place and zone) is loaded: without it a dim, program or schedule answers 12 */
  cityLoaded = true;
  readingMeter = true;
  /** chance that a phase of one meter reading cannot be read (reported as 65535) */
  meterGap = 0;
  /** the last lighting program the controller acknowledged */
  program?: RunningProgram;
  /** the last power schedule the controller acknowledged: in AUTO it works the contactors where it has a row */
  schedule?: RunningSchedule;
  private readonly defaultNight: DefaultNight;
  /** per phase, what the program or the default night last wanted of its contactor */
  private readonly wanted: (boolean | undefined)[] = [undefined, undefined, undefined];
  private last?: number;
  /** per phase, the meter's four registers: active import and export (Wh), reactive import and export (varh) */
  private readonly meterWh: number[];
  private readonly meterExportWh: number[];
  private readonly meterVarhIn: number[];
  private readonly meterVarhOut: number[];
  private readonly phaseWatts = [0, 0, 0];
  private readonly phaseVars = [0, 0, 0];

  constructor(
    readonly cabinet: Cabinet,
    private readonly r: Rng,
  ) {
    for (const m of cabinet.modules) this.lamps.set(m.mac, newLamp(m, r));
    this.meterWh = [0, 1, 2].map(() => Math.round(r() * 5e6));
    // street lights give no energy back: the export register keeps what it came with, often nothing
    this.meterExportWh = [0, 1, 2].map(() => (r() < 0.5 ? 0 : Math.round(r() * 1e3)));
    this.meterVarhIn = this.meterWh.map((wh) => Math.round(wh * 0.3));
    this.meterVarhOut = this.meterWh.map((wh) => Math.round(wh * 0.02));
    this.defaultNight = new DefaultNight({ lat: cabinet.lat, lon: cabinet.lon });
  }

  get mac() {
    return this.cabinet.controller.mac;
  }

  get iostate() {
    return encodeIo(this.io);
  }

  /**
   * Moves the cabinet on to `now`: in AUTO its lamps and contactors follow the program (or, with none in force,
   * dusk to dawn), lamps burn and the meter counts.
   */
  advance(now: Date): void {
    const ms = this.last === undefined ? 0 : Math.max(0, now.getTime() - this.last);
    this.last = now.getTime();
    if (this.io.mode === 'AUTO') this.follow(now);
    this.phaseWatts.fill(0);
    this.phaseVars.fill(0);
    this.phaseWatts[0] = CONTROLLER_WATTS;
    this.phaseVars[0] = CONTROLLER_VARS;
    for (const l of this.lamps.values()) {
      const lit = this.held.stuck.get(l.mac) ?? this.shouldBurn(l);
      if (this.fed(l)) {
        this.phaseWatts[l.phase - 1]! += burn(l, lit, ms, this.r);
        this.phaseVars[l.phase - 1]! += reactive(l);
      } else l.lit = false;
    }
    const hours = ms / 3_600_000;
    for (let p = 0; p < 3; p++) {
      this.meterWh[p]! += this.phaseWatts[p]! * hours;
      const vars = this.phaseVars[p]!;
      if (vars > 0) this.meterVarhIn[p]! += vars * hours;
      else this.meterVarhOut[p]! -= vars * hours;
    }
  }

  /** Takes a power schedule: the contactors are set afresh by it at the next step. */
  runSchedule(schedule: RunningSchedule) {
    this.schedule = schedule;
    this.wanted.fill(undefined);
  }

  /** Applies a manual dim: it holds until the lamp's program next changes its level. */
  dimmedByHand(l: Lamp, pwm: number) {
    l.pwm = pwm;
    const now = new Date(this.last ?? Date.now());
    l.heldUntil = this.program?.covers(now) ? this.program.nextChangeOf(l.mac, now)?.getTime() : undefined;
  }

  private follow(now: Date) {
    const program = this.program?.covers(now) ? this.program : undefined;
    const night = program ? false : this.defaultNight.burning(now);
    const wanted = [night, night, night];
    for (const l of this.lamps.values()) {
      const level = program?.levelOf(l.mac, now);
      if (level === undefined) {
        if (program) wanted[l.phase - 1] ||= this.defaultNight.burning(now);
        continue;
      }
      if (l.heldUntil === undefined || now.getTime() >= l.heldUntil) {
        l.heldUntil = undefined;
        l.pwm = level;
      }
      // a lamp held by hand at 0 % is dark: its phase is switched on for none but the lamps that burn
      if (l.pwm > 0) wanted[l.phase - 1] = true;
    }
    const scheduled = this.schedule?.burning(now);
    if (scheduled !== undefined) wanted.fill(scheduled);
    // only when what is wanted changes, so a switch command holds until the program's next edge
    wanted.forEach((on, p) => {
      if (on !== this.wanted[p]) this.io.relays[p] = on === this.lit(p);
      this.wanted[p] = on;
    });
  }

  /** The contactor output that lights a phase's lamps: as wired, which the acknowledged schedule declares. */
  private lit = (p: number) => this.schedule?.lit[p] ?? true;
  /** Whether a phase's contactor feeds its lamps now. */
  closed = (p: number) => this.io.relays[p] === this.lit(p);
  fed = (l: Lamp) => this.io.breakers[l.phase - 1]!;
  switchedOn = (l: Lamp) => this.fed(l) && this.closed(l.phase - 1) && l.pwm > 0;
  shouldBurn = (l: Lamp) => this.switchedOn(l) && !l.broken;
  /** A module the controller can talk to. */
  reachable = (l: Lamp) => this.radioUp && this.fed(l) && !l.silent;

  readings(at: Date, macs?: readonly string[]): ModuleReading[] {
    const iso = at.toISOString();
    const lux = ambientLux(at, this.cabinet.lat, this.cabinet.lon);
    const sky = this.defaultNight.sun(at);
    const lamps = macs ? macs.map((m) => this.lamps.get(m)!) : [...this.lamps.values()];
    return lamps
      .filter(this.reachable)
      .map((l) => ({ ...reading(l, lux, iso, this.r, this.switchedOn(l)), ...skyOf(sky) }));
  }

  meterReading(at: Date): MeterReading {
    const phases = ([1, 2, 3] as const).map((phase) => {
      if (this.r() < this.meterGap) {
        const none = METER_NO_VALUE;
        return {
          phase,
          voltage: none,
          current: none,
          power: none,
          energy: none,
          energyExport: none,
          reactiveImport: none,
          reactiveExport: none,
        };
      }
      const volts = jitter(this.r, PHASE_VOLTS, 1.5);
      const watts = this.phaseWatts[phase - 1]!;
      return {
        phase,
        voltage: meterInt(volts * 100),
        current: meterInt((watts / volts) * 1000),
        power: meterInt(watts * 100),
        energy: meterInt(this.meterWh[phase - 1]!),
        energyExport: meterInt(this.meterExportWh[phase - 1]!),
        reactiveImport: meterInt(this.meterVarhIn[phase - 1]!),
        reactiveExport: meterInt(this.meterVarhOut[phase - 1]!),
      };
    });
    return { serial: this.cabinet.meter.serial, at: at.toISOString(), phases };
  }

  state(at: Date): ControllerState {
    return {
      online: true,
      iostate: this.iostate,
      cputemp: Math.round(jitter(this.r, 38, 2) * 10) / 10,
      version: FIRMWARE,
      network: 'LTE',
      readingMeter: this.readingMeter,
      at: at.toISOString(),
    };
  }
}
