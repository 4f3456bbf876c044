// Writes the device protocol's AsyncAPI document from the protocol schemas.
import fs from 'node:fs';
import { asyncApiDocument } from '../packages/protocol/src/asyncapi.ts';

fs.writeFileSync('docs/device-protocol.asyncapi.json', `${JSON.stringify(asyncApiDocument(), null, 2)}\n`);
console.log('wrote docs/device-protocol.asyncapi.json');
