import os from 'node:os';
import type { Machine } from '../api/report.ts';
import type { DimRun } from './dim.ts';
import type { Baseline, Step } from './ingest.ts';

export const HEADING = '## Field (bench:field)';

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
const ratio = (x: number) => (Number.isFinite(x) ? String(Number(x.toPrecision(2))) : '–');
const sec = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '–');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export type FieldReport = {
  machine: Machine;
  steps: Step[];
  broker: Baseline;
  copy: Baseline;
  dims: DimRun[];
  fleet: { controllers: number; modules: number };
  secondsPerStep: number;
  goalRate: number;
  goalDimMs: number;
  /** through a Mosquitto of the bench's own with authentication and the ACL on */
  auth: boolean;
  notes: string[];
  /** the goal rate with the hourly rollups on and off, in turn, each on a fresh server and an empty history */
  rollups: { on: boolean; step: Step }[];
};

export function stepsTable(r: FieldReport): string {
  const rows = r.steps.map((s) =>
    [
      int(s.rate),
      int(s.publishRate),
      int(s.sent),
      int(s.received),
      int(s.stored),
      int(s.sent - s.stored),
      `**${int(s.sustained)}**`,
      ratio(s.sustained / r.broker.rate),
      ratio(s.sustained / r.copy.rate),
      sec(s.lagP50Ms),
      sec(s.lagMaxMs),
      sec(s.drainMs),
      s.serverCores.toFixed(2),
      s.machineCores.toFixed(2),
      s.brokerDropped ? 'logged' : '–',
    ].join(' | '),
  );
  return [
    'target readings/s | published/s | sent | decoded by server | stored | lost | sustained stored/s | ÷ raw broker | ÷ raw COPY | lag p50 s | lag max s | drain s | server cores | machine cores | broker logged dropping',
    '--: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | :-:',
    ...rows,
  ]
    .map((l) => `| ${l} |`)
    .join('\n');
}

export function dimTable(dims: DimRun[]): string {
  return [
    'run | code | controllers acknowledged | modules | HTTP answer s | every ack recorded s',
    '--: | --: | --: | --: | --: | --:',
    ...dims.map((d, i) =>
      [
        i + 1,
        d.code,
        `${d.acknowledged} / ${d.controllers}`,
        int(d.modules),
        sec(d.answerMs),
        sec(d.recordedMs),
      ].join(' | '),
    ),
  ]
    .map((l) => `| ${l} |`)
    .join('\n');
}

export function render(r: FieldReport): string {
  const m = r.machine;
  const clean = r.steps.filter((s) => s.sent - s.stored === 0);
  const best = clean.reduce<Step | undefined>((a, s) => (!a || s.sustained > a.sustained ? s : a), undefined);
  const recorded = median(r.dims.map((d) => d.recordedMs));
  return [
    HEADING,
    'Written by `bench/field/run.ts`; rerunning replaces this section.',
    [
      `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '- Command: `npm run bench:field` (`BENCH_FIELD_SECONDS` sets the seconds per rate, `BENCH_FIELD_RATES` the rates)',
      `- Machine: ${m.cores} cores (\`nproc\`), ${m.memory} memory, ${m.cpu}; Node ${m.node}; ${m.postgres}; ${r.auth ? "Mosquitto 2.0 started by the bench with authentication on (`BENCH_FIELD_AUTH=0`: the machine's anonymous one at 127.0.0.1:1883): the password and ACL files `npm run broker:files` writes, `max_packet_size` and `use_username_as_clientid` as README says, every controller signed in with its own secret and held to its own topics by the ACL, the server with a credential of its own" : 'Mosquitto at 127.0.0.1:1883, anonymous'}. The server (one process, \`node --import tsx apps/server/src/main.ts\`, \`MQTT_URL\` set to Mosquitto), PostgreSQL, Mosquitto, the bench's publisher and simulator all share these cores. One-minute load average at the end of the run, the bench's own work included: ${os.loadavg()[0]!.toFixed(1)}; anything else running on the machine makes the numbers noisy.`,
      `- Fleet: ${int(r.fleet.controllers)} controllers with ${int(r.fleet.modules / r.fleet.controllers)} lamp modules each (${int(r.fleet.modules)} modules), seeded into a fresh database that is dropped afterwards.`,
    ].join('\n'),
    '### (a) Ingest',
    `A lean publisher in the bench process sends module batches encoded by \`@sl/protocol\` (${r.auth ? `each controller's own ${int(r.fleet.modules / r.fleet.controllers)} readings per message, under its own topic through its own connection, as the server now believes a module's reading only from its own controller` : `${int(r.fleet.modules / r.fleet.controllers)} readings per message`}, QoS 1) at each target rate for ${r.secondsPerStep} s through Mosquitto to the server, which stores every reading in \`module_readings\` and the newest per module in \`luminary_modules\`. *Stored* counts the fleet's rows in \`module_readings\` once they stop growing; *sustained* is stored rows ÷ (first publish → last row stored). *Lag* is now − the time of the newest stored reading, sampled every 500 ms while publishing (the server writes every 500 ms). *Drain* is last publish → every row stored. *Cores* are CPU seconds per second from \`/proc\`, of the server process and of the whole machine. *Broker logged dropping*: Mosquitto's log said during the step that it was dropping messages for the server's client, as it does when more than its queue per client (\`max_queued_messages\`, 1,000 messages by default) waits for the server. It says so once per episode, so a dash proves nothing; *decoded by server* below *sent* is the loss before the server, which its own counters cannot show.`,
    stepsTable(r),
    [
      `- Raw broker, same run, same payloads: one publisher to one subscriber that only counts, with at most 500 messages between them so that nothing is dropped, on a topic root of its own so the server does not take it in: **${int(r.broker.rate)} readings/s** (${int(r.broker.readings)} in ${r.broker.seconds.toFixed(1)} s, ${int(r.broker.lost ?? 0)} not delivered).`,
      `- Raw database, same run, same rows: \`COPY module_readings (...) FROM STDIN\` through \`pg-copy-streams\`, 10,000 rows per COPY on one connection, as the server writes the history on PostgreSQL: **${int(r.copy.rate)} readings/s** (${int(r.copy.readings)} in ${r.copy.seconds.toFixed(1)} s).`,
      `- **Goal ≥ ${int(r.goalRate)} readings/s sustained with no loss: ${best && best.sustained >= r.goalRate * 0.97 && best.rate >= r.goalRate ? 'met' : 'not met'}**${best ? ` (best rate without loss: ${int(best.sustained)} readings/s at target ${int(best.rate)})` : ''}.`,
    ].join('\n'),
    '### (b) Group dim',
    `\`GET /api/v1/control/lighting?by=group&group=<id>&raw=<pwm>\` as the admin, to a control group holding all ${int(r.fleet.modules)} modules on ${int(r.fleet.controllers)} controllers, which the simulator (\`@sl/simulator\`, in the bench process) runs as ${int(r.fleet.controllers)} MQTT clients of Mosquitto. They run after a \`checkpoint\`, so that they do not pay for writing out the ingest steps' rows; the first run is a warm-up and is not shown. *Every ack recorded* is from sending the request to the latest \`answered_at\` among the command's rows in \`command_devices\`, all of them \`acknowledged\`.`,
    dimTable(r.dims),
    `- **Goal ≤ ${sec(r.goalDimMs)} s until every ack is recorded: ${recorded <= r.goalDimMs ? 'met' : 'not met'}** (median ${sec(recorded)} s).`,
    ...rollupsSection(r),
    ...(r.notes.length ? [r.notes.map((n) => `- ${n}`).join('\n')] : []),
  ].join('\n\n');
}

/** Issue 14's bound: the rollups slow the ingest by at most this share at the goal rate. */
const ROLLUP_COST_MAX = 0.2;

function rollupsSection(r: FieldReport): string[] {
  if (!r.rollups.length) return [];
  const mean = (on: boolean) => {
    const xs = r.rollups.filter((x) => x.on === on).map((x) => x.step.sustained);
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  const cost = 1 - mean(true) / mean(false);
  const rows = r.rollups.map(({ on, step: s }, i) =>
    [
      i + 1,
      on ? 'on' : 'off (baseline)',
      int(s.rate),
      int(s.sent),
      int(s.stored),
      int(s.sent - s.stored),
      `**${int(s.sustained)}**`,
      sec(s.lagP50Ms),
      sec(s.drainMs),
      s.serverCores.toFixed(2),
    ].join(' | '),
  );
  return [
    '### (c) What the hourly rollups cost the ingest',
    `The same step at the goal rate, ${r.secondsPerStep} s each, after the group dims, with the energy reports' hourly rollups (\`module_hours\`, \`meter_hours\`, and the pre-summed \`group_hours\`, \`district_hours\` and \`saved_hours\` moved with them) kept and with \`ENERGY_ROLLUPS=0\`, in turn, each on a freshly started server and an emptied history. Every module's energy counter rises between its readings, so each flush moves every module's hour, its day (\`module_days\`) and its saving: the rollups' heaviest case.`,
    [
      'run | rollups | target readings/s | sent | stored | lost | sustained stored/s | lag p50 s | drain s | server cores',
      '--: | :-- | --: | --: | --: | --: | --: | --: | --: | --:',
      ...rows,
    ]
      .map((l) => `| ${l} |`)
      .join('\n'),
    `- **Goal: the rollups slow the ingest by at most ${ROLLUP_COST_MAX * 100} %: ${cost <= ROLLUP_COST_MAX ? 'met' : 'not met'}** (mean sustained with rollups ${int(mean(true))}, without ${int(mean(false))} readings/s: ${(cost * 100).toFixed(1)} % ${cost >= 0 ? 'slower' : 'faster'}).`,
  ];
}
