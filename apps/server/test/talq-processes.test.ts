import { describe, expect, it } from 'vitest';
import { backend, startServer } from './harness.ts';
import { gatewayWithLamps } from './talq-gateway.ts';

// Two server processes on one database behind one address (issue 31 §4): a TALQ gateway's feedback of a dim may
// reach the process that did not send the dim. The dim is still done once every lamp is fed back, not timed out.

describe.runIf(backend === 'postgres')('TALQ feedback through another server process', () => {
  it('settles the dim sent by one process with the feedback the gateway gave the other', async () => {
    const a = await startServer({ commandTimeoutMs: 5000 });
    const b = await startServer({ commandTimeoutMs: 5000 }, { databaseUrl: a.databaseUrl });
    const { gw, c, gatewayAddress, cmsAddress, modules } = await gatewayWithLamps(a, 'Two-process gateway');
    try {
      // the gateway's requests now reach the other process
      gw.reportsTo({ c: { ...c, cmsUri: `${b.url}/talq/v2` }, clientAddress: gatewayAddress, cmsAddress });
      gw.answers('feedback', 300);
      const res = await a.call('GET', `/api/v1/control/lighting?by=id&id=${modules[0]!._id}&raw=35`);
      expect(res.body).toMatchObject({ code: 0, msg: '' });
      expect(gw.fedBackAt.length).toBeGreaterThan(0);
      expect(gw.problems).toEqual([]);
      const device = (await a.call('GET', `/api/v2/commands/${res.body.commandId}`)).body.result.devices[0];
      expect(device).toMatchObject({ state: 'acknowledged', code: 0, result: { lamps: 1 } });
    } finally {
      await gw.close();
      await b.close();
      await a.close();
    }
  });
});
