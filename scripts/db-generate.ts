// Derives the SQL migrations from the registry-built tables (drizzle-kit's API, same files as its CLI).
// `--check` fails when the committed migrations are stale.
import fs from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { schema } from '../apps/server/src/db/schema.ts';
import { MIGRATIONS } from '../apps/server/src/db/connect.ts';

type Journal = {
  version: string;
  dialect: string;
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
};

const check = process.argv.includes('--check');
const name = process.argv.find((a) => a.startsWith('--name='))?.slice(7) ?? 'change';
const journalPath = path.join(MIGRATIONS, 'meta/_journal.json');
const journal: Journal = fs.existsSync(journalPath)
  ? JSON.parse(fs.readFileSync(journalPath, 'utf8'))
  : { version: '7', dialect: 'postgresql', entries: [] };
const last = journal.entries.at(-1);
const prev = last
  ? JSON.parse(
      fs.readFileSync(
        path.join(MIGRATIONS, `meta/${String(last.idx).padStart(4, '0')}_snapshot.json`),
        'utf8',
      ),
    )
  : generateDrizzleJson({});
const cur = generateDrizzleJson(schema, prev.id);
const statements = await generateMigration(prev, cur);

if (statements.length === 0) {
  console.log('migrations are up to date');
  process.exit(0);
}
if (check) {
  console.error(`migrations are stale: ${statements.length} statement(s) missing; run npm run db:generate`);
  process.exit(1);
}
const idx = last ? last.idx + 1 : 0;
const tag = `${String(idx).padStart(4, '0')}_${name}`;
fs.mkdirSync(path.join(MIGRATIONS, 'meta'), { recursive: true });
fs.writeFileSync(path.join(MIGRATIONS, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n') + '\n');
fs.writeFileSync(
  path.join(MIGRATIONS, `meta/${String(idx).padStart(4, '0')}_snapshot.json`),
  JSON.stringify(cur, null, 2),
);
journal.entries.push({ idx, version: '7', when: Date.now(), tag, breakpoints: true });
fs.writeFileSync(journalPath, JSON.stringify(journal, null, 2));
console.log(`wrote ${tag}.sql (${statements.length} statements)`);
