import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { defaultRights, DEMO_LOGIN, entity, type Entity } from '@sl/domain';
import type { EntityRepository } from '../entities/entity.repository.ts';
import type { EntityService } from '../entities/entity.service.ts';
import { parseListQuery } from '../entities/list-query.ts';
import { SYSTEM } from './caller.ts';
import { serverPasswordProblem } from './common-passwords.ts';

// First start: the Admin group and the admin user. With DEMO: the Demo group with its city, a role that may view
// everything, and the user `demo` (signed in through /auth/sign-test, never with a password).

export const DEMO_CITY = {
  name: { 'en-us': 'Cambridge, MA', ru: 'Кембридж (Массачусетс)', local: 'Cambridge', int: 'Cambridge' },
  lat: 42.3736,
  lon: -71.1097,
  timezone: 'America/New_York',
  // Approximate figures, named with their sources in inventories/README.md ("Tariff and emission factor"):
  // Massachusetts' commercial electricity price, about 22 ¢/kWh (U.S. EIA, Electric Power Annual 2023, table 2.10;
  // Cambridge's own 2014 figure, $900,000 for 4 million kWh of street lighting, is 22.5 ¢), one price all night.
  tariff: 0.22,
  currency: 'USD',
  // New England's grid (U.S. EPA eGRID2022, subregion NEWE, CO2 total output emission rate, about 540 lb/MWh)
  co2Factor: 245,
};

export async function bootstrap(
  service: EntityService,
  repo: EntityRepository,
  opts: {
    adminPassword?: string;
    demo: boolean;
    log: FastifyBaseLogger;
    /** where the generated first password is shown: the terminal (stderr), never the log stream (stdout) */
    tell?: (text: string) => void;
  },
) {
  const find = async (e: Entity, filter: Record<string, string>) =>
    (await repo.list(e, {}, parseListQuery(e, { ...filter, limit: '1' }))).rows[0];
  const ensure = async (e: Entity, filter: Record<string, string>, data: Record<string, unknown>) =>
    (await find(e, filter)) ?? (await service.create(e, SYSTEM, data));

  const Users = entity('Users');
  // a row, not the total: a total counted late is the planner's estimate, which sees rows in an empty table
  const anyone = await repo.list(Users, {}, parseListQuery(Users, { limit: '1', deleted: 'true' }));
  if (anyone.rows.length === 0) {
    const given = opts.adminPassword;
    const problem = given ? serverPasswordProblem('admin', given) : undefined;
    if (problem) throw new Error(`ADMIN_PASSWORD does not meet the password rules (${problem})`);
    const password = given ?? generatedPassword();
    const group = await ensure(entity('Groups'), { name: 'Admin' }, { name: 'Admin' });
    await service.create(Users, SYSTEM, { login: 'admin', password, type: 'ADMIN', group: group._id });
    if (!given) {
      const tell = opts.tell ?? ((text: string) => process.stderr.write(text));
      tell(`\nFirst start: created user "admin" with password ${password}\nIt is shown only this once.\n\n`);
      opts.log.warn(
        'first start: created user "admin"; its password was printed to the terminal, not to the log',
      );
    }
  }
  if (!opts.demo || (await find(Users, { login: DEMO_LOGIN }))) return;
  const city = await ensure(entity('Cities'), { q: 'Cambridge' }, DEMO_CITY);
  const group = await ensure(
    entity('Groups'),
    { name: 'Demo' },
    { name: 'Demo', cities: [city._id], timezone: DEMO_CITY.timezone },
  );
  const role = await ensure(
    entity('Roles'),
    { name: 'Viewer' },
    { name: 'Viewer', accessRights: defaultRights() },
  );
  await service.create(Users, SYSTEM, {
    login: DEMO_LOGIN,
    name: 'Demo',
    password: generatedPassword(),
    type: 'NORMAL',
    group: group._id,
    role: role._id,
  });
}

function generatedPassword(): string {
  for (;;) {
    const candidate = randomBytes(15).toString('base64url');
    if (!serverPasswordProblem('admin', candidate)) return candidate;
  }
}
