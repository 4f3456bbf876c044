// npm run broker:files: a Mosquitto password file and ACL file from the database, for a field network on an
// external broker (MQTT_URL). The server's own credential is MQTT_USERNAME / MQTT_PASSWORD, as the server uses it.
// Rerun after commissioning or rotating a controller, then reload Mosquitto (kill -HUP) to read them. See README.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_MESSAGE_BYTES } from '@sl/protocol';
import { configFromEnv } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import { aclFile, mosquittoSettings, passwordFile } from '../apps/server/src/field/broker-files.ts';
import { DeviceSecrets } from '../apps/server/src/field/device-secrets.ts';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'data/mosquitto' } } });
const config = configFromEnv();
if (!config.mqttUsername || !config.mqttPassword) {
  console.error('MQTT_USERNAME and MQTT_PASSWORD must name the server’s own credential on the broker');
  process.exit(2);
}
const server = { username: config.mqttUsername, password: config.mqttPassword };
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
  const passwords = await passwordFile(secrets, server);
  write(passwd, passwords);
  write(acl, aclFile(server));
  write(
    path.join(out, 'mosquitto.conf'),
    `${mosquittoSettings({ passwordFile: passwd, aclFile: acl, maxPacketBytes: MAX_MESSAGE_BYTES })}\n`,
  );
  const controllers = passwords.trim().split('\n').length - 1;
  console.log(`wrote ${passwd} (${controllers} controllers and ${server.username}), ${acl}, mosquitto.conf`);
} finally {
  await database.close();
}
