import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './security.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sl-csp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('inlineScriptHashes', () => {
  it('hashes exactly the scripts written into the page, not those it loads', () => {
    const inline = '"use strict";window.slFirstView=1;\n';
    writeFileSync(
      path.join(dir, 'index.html'),
      `<head><script type="module" crossorigin src="/assets/index.js"></script><script>${inline}</script></head>`,
    );
    const digest = createHash('sha256').update(inline).digest('base64');
    expect(inlineScriptHashes(dir)).toEqual([`'sha256-${digest}'`]);
  });

  it('has nothing to allow without a built console', () => {
    expect(inlineScriptHashes(path.join(dir, 'missing'))).toEqual([]);
  });
});
