import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isCityName } from './city/inventory.ts';
import { DEFAULT_FAULTS, type FaultRates } from './device/faults.ts';
import { loadCity } from './city/build-city.ts';
import { startSimulator } from './simulator.ts';
import { startTalqGateway } from './talq/talq-gateway.ts';

const USAGE = `usage: simulate --broker mqtt://host:port --city cambridge
  [--interval ms] [--controllers N] [--network 0..65535] [--seed n] [--faults scale] [--report s]
  [--secrets file.json]   each controller's broker secret, {"<MAC>": "<secret>"} (default: $SIM_SECRETS);
                          \`npm run devices:commission\` writes one for controllers already in the console
   or: simulate --talq --cms http://host:port/talq/v2 --login L --secret S --city cambridge
  [--controllers N] [--network 0..65535] [--gateway-port p] [--report-period s]
                          one TALQ 2.7.1 gateway for the city's lamps (the console's commissioning answer
                          gives cmsUri, login and secret); it reports every report period (default 900 s)
                          until the CMS's logger configurations give it their own`;

const { values } = parseArgs({
  options: {
    broker: { type: 'string', default: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883' },
    city: { type: 'string', default: 'cambridge' },
    interval: { type: 'string', default: '10000' },
    controllers: { type: 'string' },
    network: { type: 'string' },
    seed: { type: 'string', default: '1' },
    faults: { type: 'string', default: '1' },
    report: { type: 'string', default: '10' },
    secrets: { type: 'string', default: process.env.SIM_SECRETS },
    talq: { type: 'boolean' },
    cms: { type: 'string' },
    login: { type: 'string' },
    secret: { type: 'string' },
    'gateway-port': { type: 'string', default: '0' },
    'report-period': { type: 'string', default: '900' },
    help: { type: 'boolean', short: 'h' },
  },
});

const int = (name: string, v: string | undefined, min: number) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) fail(`--${name} must be an integer ≥ ${min}`);
  return n;
};
function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

if (values.help) fail('');
if (!isCityName(values.city)) fail(`unknown city ${values.city}`);
const cityName = values.city;
const scale = Number(values.faults);
if (!(scale >= 0)) fail('--faults must be a number ≥ 0');

function readSecrets(file: string | undefined): Record<string, string> | undefined {
  if (!file) return undefined;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && Object.values(parsed).every((v) => typeof v === 'string'))
      return parsed as Record<string, string>;
  } catch (err) {
    fail(`--secrets ${file}: ${(err as Error).message}`);
  }
  fail(`--secrets ${file}: not an object of MAC → secret`);
}

if (values.talq) {
  if (!values.cms || !values.login || !values.secret) fail('--talq needs --cms, --login and --secret');
  const gateway = await startTalqGateway({
    cms: values.cms,
    login: values.login,
    secret: values.secret,
    city: await loadCity(cityName, {
      controllers: int('controllers', values.controllers, 1),
      network: int('network', values.network, 0),
    }),
    port: int('gateway-port', values['gateway-port'], 0),
    reportMs: int('report-period', values['report-period'], 1)! * 1000,
  });
  console.log(`TALQ gateway at ${gateway.url}: ${gateway.lamps.length} lamps announced to ${values.cms}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void gateway.stop().then(() => process.exit(0)));
} else await mqttField();

async function mqttField() {
  const started = Date.now();
  const sim = await startSimulator({
    broker: values.broker,
    city: cityName,
    intervalMs: int('interval', values.interval, 1),
    controllers: int('controllers', values.controllers, 1),
    network: int('network', values.network, 0),
    seed: int('seed', values.seed, 0),
    faults: scaled(scale),
    secrets: readSecrets(values.secrets),
  });
  const lamps = sim.city.cabinets.reduce((n, c) => n + c.modules.length, 0);
  console.log(
    `${sim.city.name}: ${sim.controllers.length} controllers, ${lamps} lamp modules on ${values.broker}`,
  );

  let last = { at: Date.now(), published: 0, readings: 0 };
  const report = setInterval(
    () => {
      const c = sim.counters;
      const s = (Date.now() - last.at) / 1000;
      const rate = (n: number) => Math.round(n / s);
      console.log(
        `${Math.round((Date.now() - started) / 1000)} s: ${rate(c.published - last.published)} msg/s, ` +
          `${rate(c.readings - last.readings)} readings/s, ${JSON.stringify(c)}`,
      );
      last = { at: Date.now(), published: c.published, readings: c.readings };
    },
    int('report', values.report, 1)! * 1000,
  );

  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      clearInterval(report);
      void sim.stop().then(() => process.exit(0));
    });
}

function scaled(k: number): Partial<FaultRates> | false {
  if (k === 0) return false;
  return Object.fromEntries(Object.entries(DEFAULT_FAULTS).map(([key, v]) => [key, v * k]));
}
