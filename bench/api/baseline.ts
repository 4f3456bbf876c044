import Fastify from 'fastify';

// The floor for the API numbers: a bare Fastify 5 server on the same machine with no database, no schema and
// no hooks, serving a fixed page of the same shape and size as the real list page (run.ts passes it in).

const page: unknown = JSON.parse(process.env.BASELINE_PAGE ?? '{}');
const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
app.get('/page', async () => page);

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
