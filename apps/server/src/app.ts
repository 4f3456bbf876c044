import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import { EntityRepository } from './entities/entity.repository.ts';
import { EntityService } from './entities/entity.service.ts';
import { CommandGateway } from './field/command-gateway.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { accessPlugin, type AccessPolicy } from './plugins/access.ts';
import type { Broker } from './plugins/broker.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerWeb } from './plugins/web.ts';
import { registerControllerCommandRoutes } from './routes/controller-command.routes.ts';
import { registerEntityRoutes } from './routes/entity.routes.ts';
import { registerHealthRoutes } from './routes/health.routes.ts';

export type AppDeps = {
  config: Pick<Config, 'webDist' | 'logLevel' | 'commandTimeoutMs'>;
  database: Database;
  broker: Broker;
  policy: AccessPolicy;
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.logLevel },
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await registerDocs(app);
  await app.register(accessPlugin, { policy: deps.policy });

  const service = new EntityService(new EntityRepository(deps.database.db));
  registerHealthRoutes(app, deps.database, deps.broker);
  registerEntityRoutes(app, service);
  registerControllerCommandRoutes(
    app,
    service,
    new CommandGateway(deps.broker.client, deps.config.commandTimeoutMs, (topic, reason) =>
      app.log.warn({ topic, reason }, 'malformed controller reply'),
    ),
  );
  await registerWeb(app, deps.config.webDist);
  return app;
}
