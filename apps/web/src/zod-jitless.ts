// The console runs under a content security policy without 'unsafe-eval' (apps/server/src/plugins/security.ts).
// zod would find that out by trying `new Function` when its first object schema is made, a refusal the browser
// reports on every page; told `jitless` first, it never tries. zod reads its settings from this global, which it
// shares between its copies, so the setting is made here, before any chunk that holds zod runs, without loading
// zod into the sign-in page. Imported first by main.tsx.
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
