import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import type { EntityService } from '../entities/entity.service.ts';
import { ApiError } from '../http/api-error.ts';
import type { TalqFunction, TalqDevice } from './talq-devices.ts';
import { gatewayRequest } from './talq-gateway-client.ts';
import type { BootstrapState, TalqGateways } from './talq-gateways.ts';
import { checkAnswer } from './talq-schemas.ts';
import { talqDevices } from './talq.table.ts';

const Modules = entity('LuminaryModules');
/** a read is the operator waiting at the screen: the gateway answers within this or the read is told timed out */
const READ_TIMEOUT_MS = 10_000;
const READ_PATH = '/devices/{deviceAddress}/{functionId}/{attributeName}';

export type AttributeValue = { name: string; type: string | null; value: unknown; at: string | null };
export type ModuleFunction = { id: string; type: string; attributes: AttributeValue[]; readable: string[] };
export type TalqModule = {
  address: string;
  class: string;
  gateway: { id: number; name: string; state: BootstrapState };
  functions: ModuleFunction[];
};

let dmSchemas: Record<string, unknown> | undefined;
/** The attributes the TALQ data model gives a function type (what a gateway can be asked for), by name. */
function attributeNames(type: string): string[] {
  dmSchemas ??= (
    JSON.parse(readFileSync(new URL('./schema/talq-dm.json', import.meta.url), 'utf8')) as {
      components: { schemas: Record<string, unknown> };
    }
  ).components.schemas;
  const names = new Set<string>();
  const walk = (schema: unknown) => {
    const s = schema as { properties?: object; allOf?: unknown[]; $ref?: string } | undefined;
    if (!s) return;
    if (s.$ref) walk(dmSchemas![s.$ref.split('/').pop()!]);
    for (const k of Object.keys(s.properties ?? {})) names.add(k);
    for (const part of s.allOf ?? []) walk(part);
  };
  walk(dmSchemas[type]);
  for (const own of ['id', 'type', 'applicationType']) names.delete(own);
  return [...names];
}

const isAttribute = (v: unknown): v is { type?: string; value?: unknown; timestamp?: string } =>
  !!v && typeof v === 'object' && !Array.isArray(v) && 'type' in v;

function attributesOf(f: TalqFunction): AttributeValue[] {
  return Object.entries(f)
    .filter(([k, v]) => k !== 'id' && k !== 'type' && isAttribute(v))
    .map(([name, v]) => {
      const a = v as { type?: string; value?: unknown; timestamp?: string };
      return { name, type: a.type ?? null, value: a.value ?? null, at: a.timestamp ?? null };
    });
}

/**
 * A TALQ lamp control module as its gateway announced it (issue 31 §3, §6): its address, class, functions with
 * their last attribute values, and the on-demand read of one attribute from the gateway
 * (`GET {gatewayUri}/devices/{address}/{functionId}/{attribute}`), whose answer becomes the value kept.
 */
export class TalqModules {
  constructor(
    private readonly db: Db,
    private readonly service: EntityService,
    private readonly gateways: TalqGateways,
  ) {}

  /** The module's TALQ side; none when it is not a TALQ device. The caller must see the module. */
  async describe(caller: Caller, moduleId: number): Promise<TalqModule | null> {
    const found = await this.find(caller, moduleId);
    if (!found) return null;
    const { row, gateway } = found;
    const device = row.device as TalqDevice;
    return {
      address: row.address,
      class: row.class,
      gateway: { id: gateway.id, name: gateway.name, state: gateway.state },
      functions: (device.functions ?? []).map((f) => ({
        id: f.id,
        type: f.type,
        attributes: attributesOf(f),
        readable: attributeNames(f.type),
      })),
    };
  }

  /** Asks the gateway for one attribute now; keeps and answers what it said. */
  async read(caller: Caller, moduleId: number, functionId: string, name: string): Promise<AttributeValue> {
    const found = await this.find(caller, moduleId);
    if (!found) throw new ApiError('ControlModuleNotFond');
    const { row, gateway } = found;
    const fn = (row.device as TalqDevice).functions?.find((f) => f.id === functionId);
    if (!fn) throw new ApiError('NotFoundError', ['functionId']);
    if (!attributeNames(fn.type).includes(name) && !isAttribute(fn[name]))
      throw new ApiError('NotFoundError', ['attribute']);
    if (gateway.state !== 'ready' || !gateway.cmsAddress) throw new ApiError('ControllerNotSet');
    const path = `/devices/${encodeURIComponent(row.address)}/${encodeURIComponent(functionId)}/${encodeURIComponent(name)}`;
    let answer;
    try {
      answer = await gatewayRequest(gateway, 'GET', path, { timeoutMs: READ_TIMEOUT_MS });
    } catch (err) {
      throw new ApiError((err as Error).name === 'TimeoutError' ? 'TimeOut' : 'ServiceConnectionError');
    }
    if (answer.status === 404) throw new ApiError('NotFoundError', ['attribute']);
    if (answer.status !== 200 || !checkAnswer('gw', READ_PATH, 'GET', 200, answer.body).ok)
      throw new ApiError('ServiceConnectionError', undefined, { reason: 'gatewayAnswer' });
    const attribute = answer.body as { type: string; value?: unknown; timestamp?: string };
    const at = attribute.timestamp ?? new Date().toISOString();
    const kept = { ...attribute, timestamp: at };
    // the function's attribute in the kept announcement, in place (a PATCH of the device would do the same)
    await this.db
      .update(talqDevices)
      .set({
        device: sql`jsonb_set(${talqDevices.device}, ${`{functions,${(row.device as TalqDevice).functions!.indexOf(fn)},${name}}`}::text[], ${JSON.stringify(kept)}::jsonb)`,
        updatedAt: new Date(),
      })
      .where(eq(talqDevices.address, row.address));
    return { name, type: attribute.type, value: attribute.value ?? null, at };
  }

  private async find(caller: Caller, moduleId: number) {
    const module = await this.service.get(Modules, caller, moduleId);
    // a TALQ module's uid is its device's address (the key), and the device names its module back
    if (typeof module.uid !== 'string') return undefined;
    const [row] = await this.db.select().from(talqDevices).where(eq(talqDevices.address, module.uid));
    if (row?.moduleId !== moduleId) return undefined;
    const gateway = await this.gateways.byController(row.gatewayId);
    return gateway && { row, gateway };
  }
}
