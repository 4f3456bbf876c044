import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asyncApiDocument } from './asyncapi.ts';

const FILE = path.resolve(import.meta.dirname, '../../../docs/device-protocol.asyncapi.json');

describe('AsyncAPI document', () => {
  it('is what the protocol schemas say (npm run docs:asyncapi rewrites it)', () => {
    expect(JSON.parse(fs.readFileSync(FILE, 'utf8'))).toEqual(asyncApiDocument());
  });

  it('names a message for every channel and a channel for every operation', () => {
    const doc = asyncApiDocument();
    for (const c of Object.values(doc.channels))
      for (const m of Object.values(c.messages))
        expect(doc.components.messages).toHaveProperty(m.$ref.split('/').at(-1)!);
    for (const o of Object.values(doc.operations))
      expect(doc.channels).toHaveProperty(o.channel.$ref.split('/').at(-1)!);
  });
});
