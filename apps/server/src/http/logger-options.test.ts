import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../config.ts';
import { loggerOptions } from './logger-options.ts';

describe('the server log', () => {
  it('is JSON lines unless a terminal reads it, and LOG_FORMAT decides when given', () => {
    // vitest's stdout is a pipe
    expect(configFromEnv({}).logFormat).toBe(process.stdout.isTTY ? 'pretty' : 'json');
    expect(configFromEnv({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(configFromEnv({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => configFromEnv({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
  });

  it('reads as one line of words on a terminal', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += stripVTControlCharacters(chunk.toString())));
    const app = Fastify({ logger: loggerOptions({ logLevel: 'info', logFormat: 'pretty' }, out) });
    app.log.info({ controllers: 47 }, 'simulator connected');
    await app.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: simulator connected/m);
    expect(text).toMatch(/controllers: 47/);
    expect(text).not.toMatch(/^\{/m);
  });
});
