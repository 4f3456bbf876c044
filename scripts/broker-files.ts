// npm run broker:files: a Mosquitto password file and ACL file from the database, for a field network on an
// external broker (MQTT_URL). The server's own credential is MQTT_USERNAME / MQTT_PASSWORD, as the server uses it;
// `--servers N` writes one login per server process (serverLogins: MQTT_USERNAME, then MQTT_USERNAME-2 ...).
// Rerun after commissioning or rotating a controller, then reload Mosquitto (kill -HUP) to read them. See README.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_MESSAGE_BYTES } from '@sl/protocol';
import { configFromEnv } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import {
  aclFile,
  mosquittoSettings,
  passwordFile,
  serverLogins,
} from '../apps/server/src/field/broker-files.ts';
import { DeviceSecrets } from '../apps/server/src/field/device-secrets.ts';

const { values } = parseArgs({
  options: { out: { type: 'string', default: 'data/mosquitto' }, servers: { type: 'string', default: '1' } },
});
const count = Number(values.servers);
if (!Number.isInteger(count) || count < 1 || count > 100) {
  console.error('--servers must be a whole number from 1 to 100');
  process.exit(2);
}
const config = configFromEnv();
if (!config.mqttUsername || !config.mqttPassword) {
  console.error('MQTT_USERNAME and MQTT_PASSWORD must name the server’s own credential on the broker');
  process.exit(2);
}
const servers = serverLogins({ username: config.mqttUsername, password: config.mqttPassword }, count);
const out = path.resolve(values.out);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  fs.mkdirSync(out, { recursive: true });
  const passwd = path.join(out, 'passwd');
  const acl = path.join(out, 'acl');
  // written aside and renamed, so a Mosquitto reloading meanwhile reads a whole file
  const write = (file: string, text: string) => {
    fs.writeFileSync(`${file}.tmp`, text, { mode: 0o600 });
    fs.renameSync(`${file}.tmp`, file);
  };
  const secrets = new DeviceSecrets(database.db);
  const passwords = await passwordFile(secrets, servers);
  write(passwd, passwords);
  write(acl, aclFile(servers));
  write(
    path.join(out, 'mosquitto.conf'),
    `${mosquittoSettings({ passwordFile: passwd, aclFile: acl, maxPacketBytes: MAX_MESSAGE_BYTES })}\n`,
  );
  const controllers = passwords.trim().split('\n').length - servers.length;
  const logins = servers.map((s) => s.username).join(', ');
  console.log(`wrote ${passwd} (${controllers} controllers and ${logins}), ${acl}, mosquitto.conf`);
} finally {
  await database.close();
}
