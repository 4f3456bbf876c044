import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { MAX_MESSAGE_BYTES } from '@sl/protocol';
import type { Db } from '../../apps/server/src/db/connect.ts';
import { aclFile, mosquittoSettings, passwordFile } from '../../apps/server/src/field/broker-files.ts';
import { DeviceSecrets, hashSecret } from '../../apps/server/src/field/device-secrets.ts';
import { freePort, HOST } from '../api/processes.ts';

// A Mosquitto of the bench's own with authentication on, as README tells an operator to run it: the password and
// ACL files `npm run broker:files` writes, plus a user of the bench's own for the raw-broker baseline.

export type AuthBroker = {
  url: string;
  server: { username: string; password: string };
  /** the raw-broker baseline's subscriber and publisher (Mosquitto knows a client by its user name) */
  bench: [{ username: string; password: string }, { username: string; password: string }];
  log: string;
  /** the files again from the database, and Mosquitto told to read them */
  refresh(db: Db): Promise<void>;
  stop(): Promise<void>;
};

export async function startAuthBroker(): Promise<AuthBroker> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-bench-mosquitto-'));
  const port = await freePort();
  const url = `mqtt://${HOST}:${port}`;
  const secret = () => Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
  const server = { username: 'sl-bench-server', password: secret() };
  const bench: AuthBroker['bench'] = [
    { username: 'sl-bench-sub', password: secret() },
    { username: 'sl-bench-pub', password: secret() },
  ];
  const passwd = path.join(dir, 'passwd');
  const acl = path.join(dir, 'acl');
  const log = path.join(dir, 'mosquitto.log');
  const benchUser = bench.map((b) => `${b.username}:${hashSecret(b.password)}\n`).join('');
  const benchAcl = bench.map((b) => `\nuser ${b.username}\ntopic readwrite bench/#\n`).join('');
  fs.writeFileSync(passwd, `${server.username}:${hashSecret(server.password)}\n${benchUser}`);
  fs.writeFileSync(acl, aclFile([server]) + benchAcl);
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    conf,
    [
      `listener ${port} ${HOST}`,
      'persistence false',
      `log_dest file ${log}`,
      `user ${os.userInfo().username}`,
      mosquittoSettings({ passwordFile: passwd, aclFile: acl, maxPacketBytes: MAX_MESSAGE_BYTES }),
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('/usr/sbin/mosquitto', ['-c', conf], { stdio: 'ignore' });
  for (let i = 0; ; i++) {
    try {
      await (await mqtt.connectAsync(url, { ...server, reconnectPeriod: 0 })).endAsync();
      break;
    } catch (err) {
      if (i > 50) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    server,
    bench,
    log,
    refresh: async (db) => {
      fs.writeFileSync(passwd, (await passwordFile(new DeviceSecrets(db), [server])) + benchUser);
      child.kill('SIGHUP');
      await new Promise((r) => setTimeout(r, 1000));
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
