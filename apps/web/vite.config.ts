import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import {
  dataLicences,
  packageLicence,
  type Licences,
  type PackageLicence,
} from './src/screens/about/licence-sources.ts';

const INVENTORIES_README = path.resolve(import.meta.dirname, '../../inventories/README.md');

/** Writes /licenses.json: every package that went into the bundle, and the bundled data's terms. */
function licences(): Plugin {
  return {
    name: 'sl-licences',
    apply: 'build',
    generateBundle() {
      const packages = new Map<string, PackageLicence>();
      for (const id of this.getModuleIds()) {
        const at = id.lastIndexOf('node_modules/');
        if (at < 0) continue;
        const parts = id.slice(at + 'node_modules/'.length).split('/');
        const name = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
        if (packages.has(name)) continue;
        const dir = id.slice(0, at + 'node_modules/'.length) + name;
        const found = packageLicence(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')));
        if (found) packages.set(name, found);
      }
      const out: Licences = {
        packages: [...packages.values()].sort((a, b) => a.name.localeCompare(b.name)),
        data: dataLicences(readFileSync(INVENTORIES_README, 'utf8')),
      };
      this.emitFile({ type: 'asset', fileName: 'licenses.json', source: JSON.stringify(out) });
    },
  };
}

const FIRST_VIEW = path.resolve(import.meta.dirname, 'src/screens/map/first-view-inline.ts');

/**
 * The map's first view, bundled on its own and inlined into the page's head: it asks for the city and draws it
 * while the console's scripts load (a few kilobytes; on other paths it does nothing).
 */
function inlineFirstView(): Plugin {
  return {
    name: 'sl-first-view',
    transformIndexHtml: {
      // after the bundle is written: the map's scripts are named by then
      order: 'post',
      handler(_html, ctx) {
        const { outputFiles } = buildSync({
          entryPoints: [FIRST_VIEW],
          bundle: true,
          format: 'iife',
          minify: true,
          target: 'es2022',
          write: false,
          define: { __MAP_PRELOAD__: JSON.stringify(mapPreload(ctx.bundle)) },
        });
        return [{ tag: 'script', children: outputFiles[0]!.text, injectTo: 'head' }];
      },
    },
  };
}

const EARLY_MAP = 'src/screens/map/early-map.ts';

/** The map made early (early-map.ts) and every script it imports, and MapLibre's worker. */
function mapPreload(bundle: OutputBundle | undefined) {
  const none = { modules: [], worker: null };
  if (!bundle) return none;
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  // the chunk that holds the module (facadeModuleId is not set in the page's transform)
  const start = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(EARLY_MAP)));
  if (!start) return none;
  const entry = new Set(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const modules = new Set<string>();
  const visit = (fileName: string) => {
    if (modules.has(fileName) || entry.has(fileName)) return;
    modules.add(fileName);
    (bundle[fileName] as OutputChunk).imports.forEach(visit);
  };
  visit(start.fileName);
  const worker = Object.keys(bundle).find((f) => /maplibre-gl-worker[^/]*\.mjs$/.test(f));
  const at = (f: string) => `/${f}`;
  return {
    modules: [...modules].map(at),
    worker: worker ? at(worker) : null,
  };
}

/** The commit the console was built from, shown on the About screen. */
function buildVersion(): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: import.meta.dirname })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

export default defineConfig({
  plugins: [licences(), inlineFirstView()],
  define: { __APP_VERSION__: JSON.stringify(buildVersion()) },
  build: {
    rollupOptions: {
      // MUI marks its modules "use client" for server components; there are none here
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/auth': 'http://127.0.0.1:8080',
      '/health': 'http://127.0.0.1:8080',
    },
  },
});
