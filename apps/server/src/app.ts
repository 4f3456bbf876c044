import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { serializerCompiler } from './http/serializer.ts';
import { AuthService } from './auth/auth.service.ts';
import { bootstrap } from './auth/bootstrap.ts';
import { LoginThrottle } from './auth/login-throttle.ts';
import { SessionRepository } from './auth/session.repository.ts';
import { sessionPolicy } from './auth/session-policy.ts';
import { roleRightsIn, userHooks } from './auth/user-hooks.ts';
import { meterHooks } from './energy/group-hours.ts';
import { DEFAULT_OFFLINE_FACTOR, TALQ_REPORT_PERIOD_MS } from '@sl/domain';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import { EntityRepository } from './entities/entity.repository.ts';
import { DistrictPlacement } from './entities/district-placement.ts';
import { registerImportRoutes } from './import/import.routes.ts';
import { EntityService, type EntityHooks } from './entities/entity.service.ts';
import { CommandGateway } from './field/command-gateway.ts';
import { CommandService } from './field/command.service.ts';
import { FieldCommands } from './field/field-commands.ts';
import type { DeviceSecrets } from './field/device-secrets.ts';
import { DEFAULT_HISTORY_DAYS, keepPartitions, maintainHistory } from './field/history.ts';
import { Ingest } from './field/ingest.ts';
import { shareGroupOf } from './field/share-group.ts';
import { OfflineSweep, type Raw } from './field/offline-sweep.ts';
import { SOCKET_PLACED, SOCKET_TABLES } from './db/socket-places.ts';
import { socketPlaceHooks } from './entities/socket-places.ts';
import { EventDetector } from './events/event-detector.ts';
import { LampExpectations } from './events/lamp-expectations.ts';
import { registerImportantEventRoutes } from './events/important-events.routes.ts';
import { LiveHub } from './live/live-hub.ts';
import { AdvisoryLease, ALONE, MAINTENANCE_LEASE, SCHEDULE_LEASE } from './lighting/sender-lease.ts';
import { MapIndex } from './map/map-index.ts';
import { MAP_SOURCES } from './map/load-points.ts';
import { clientErrorHandler, installErrorHandler, sendError } from './http/error-handler.ts';
import { installTextGuard } from './http/text-guard.ts';
import { closeUnusedConnections } from './http/unused-connections.ts';
import { StreamSlots } from './http/stream-slots.ts';
import { accessPlugin, type RouteAccess } from './plugins/access.ts';
import type { Broker } from './plugins/broker.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { registerCalendarRoutes } from './calendar/calendar.routes.ts';
import { registerControlRoutes } from './field/control.routes.ts';
import { registerControllerCommandRoutes } from './field/controller-command.routes.ts';
import { registerDeviceSecretRoutes, SECRET_ON_CREATE } from './field/device-secret.routes.ts';
import { registerTalqCmsRoutes } from './talq/talq-cms.routes.ts';
import { TalqLogReports } from './talq/talq-log-reports.ts';
import { TalqRequestIds } from './talq/talq-request-ids.ts';
import { TalqDevices } from './talq/talq-devices.ts';
import { TalqGateways } from './talq/talq-gateways.ts';
import { TalqOverrides } from './talq/talq-overrides.ts';
import { TalqPrograms } from './talq/talq-programs.ts';
import { TalqLoggerConfigs } from './talq/talq-logger-configs.ts';
import { registerTalqGatewayRoutes } from './talq/talq.routes.ts';
import { TalqModules } from './talq/talq-module.ts';
import { registerTalqModuleRoutes } from './talq/talq-module.routes.ts';
import { registerEntityRoutes } from './entities/entity.routes.ts';
import { registerExportRoutes } from './entities/export.routes.ts';
import { registerHealthRoutes, type SimulatedField } from './http/health.routes.ts';
import { registerHistoryRoutes } from './history/history.routes.ts';
import { registerLightingRoutes } from './lighting/lighting.routes.ts';
import { ProgramService, SYSTEM_CLOCK, type Clock } from './lighting/program-service.ts';
import { registerMapRoutes } from './map/map.routes.ts';
import { registerMapFindRoutes } from './map/map-find.routes.ts';
import { registerMeterActiveRoutes } from './energy/meter-active.routes.ts';
import { registerReportRoutes } from './energy/reports.routes.ts';
import { registerAvailabilityRoutes } from './events/availability.routes.ts';
import { registerReportExportRoutes } from './energy/report-export.routes.ts';
import { ReportService } from './energy/report.service.ts';
import { registerLiveRoutes } from './live/live.routes.ts';
import { registerModuleConfigRoutes } from './field/module-config.routes.ts';
import { registerPreferenceRoutes } from './auth/preferences.routes.ts';
import { registerListViewRoutes } from './auth/list-views.routes.ts';
import { registerModuleHistoryRoutes } from './history/module-history.routes.ts';
import { socketHooks } from './entities/socket-rules.ts';
import { workOrderHooks } from './maintenance/work-order-hooks.ts';
import { registerWorkOrderRoutes } from './maintenance/work-orders.routes.ts';
import { registerMaintenanceReportRoutes } from './maintenance/maintenance-reports.routes.ts';
import { OrderingQueue } from './maintenance/event-orders.ts';
import { MaintenanceSweep } from './maintenance/maintenance-sweep.ts';
import { registerFieldRoutes } from './maintenance/field.routes.ts';
import { partReplacementHooks } from './maintenance/part-replacement-hooks.ts';
import { registerPartReplacementRoutes } from './maintenance/part-replacements.routes.ts';
import { registerDispatchRoutes } from './maintenance/dispatch.routes.ts';
import { TestSwitches } from './maintenance/test-switch.ts';
import { Open311Keys } from './open311/open311-keys.ts';
import { registerOpen311KeyRoutes } from './open311/open311-keys.routes.ts';
import { registerOpen311Routes } from './open311/open311.routes.ts';
import { serviceRequestHooks } from './open311/service-request-hooks.ts';
import { registerSocketHolderRoutes } from './entities/socket-holders.routes.ts';
import { registerRoleRoutes } from './auth/roles.routes.ts';
import { registerCitiesOnlineRoutes } from './field/cities-online.routes.ts';
import { registerDateTypeRoutes } from './calendar/date-types.routes.ts';
import { registerScheduleRoutes } from './schedule/schedule.routes.ts';
import { registerScheduleManyRoutes } from './schedule/schedule-many.routes.ts';
import { registerScheduleTwilightRoutes } from './schedule/schedule-twilight.routes.ts';
import { registerScheduleTonightRoutes } from './schedule/schedule-tonight.routes.ts';
import { SunYears } from './lighting/sun-years.ts';
import { ScheduleSender } from './schedule/schedule-sender.ts';
import { ScheduleService } from './schedule/schedule.service.ts';
import { registerUserRoutes } from './auth/users.routes.ts';
import { loggerOptions } from './http/logger-options.ts';

/** Every route with the access it declares; the access-matrix test walks it. */
export type RouteEntry = { method: string; url: string; access?: RouteAccess };
declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    ingest: Ingest;
    offline: OfflineSweep;
    events: EventDetector;
    /** maintenance's own work (ordering rules, repairs proved by the night), for a test that runs passes of its own */
    maintenance: MaintenanceSweep;
    /** crews' test switches of their orders' lamps, for a test that returns them on a clock it moves */
    testSwitches: TestSwitches;
    mapIndex: MapIndex;
    /** the demo's simulated field, set once it runs */
    simulated: SimulatedField;
    /** undefined when the app sends no lighting programs */
    programs?: ProgramService;
    /** undefined when the app sends no power schedules */
    schedules?: ScheduleSender;
    /**
     * Rows of these tables were written past the registry's services (the demo's seeding): this process's kept
     * pages and every other process are told, and the event detector looks at their conditions again.
     */
    tablesWritten(tables: string[]): void;
  }
}

export type AppDeps = {
  config: Pick<
    Config,
    | 'webDist'
    | 'logLevel'
    | 'commandTimeoutMs'
    | 'sessionTtlMinutes'
    | 'signInPerMinute'
    | 'adminPassword'
    | 'demo'
  > &
    Partial<
      Pick<
        Config,
        | 'historyDays'
        | 'trustedProxy'
        | 'reportIntervalMs'
        | 'offlineFactor'
        | 'offlineSweepMs'
        | 'maintenanceSweepMs'
        | 'energyRollups'
        | 'lampGraceMs'
        | 'streams'
        | 'logFormat'
      >
    >;
  database: Database;
  broker: Broker;
  /** the controllers' broker secrets (issued through the API, checked by the embedded broker) */
  secrets: DeviceSecrets;
  /** the server's now, for the lighting programs (tests move it) */
  clock?: Clock;
  /**
   * The lighting programs sent to the field: `settleMs`, how long their sources must stay unchanged before they go
   * out (default 5 s); false sends none (tests of other things, whose lamps must keep the levels they set).
   */
  programs?: { settleMs?: number; scheduleTickMs?: number; scheduleRetryMs?: number } | false;
  /** where the log's lines go (standard output unless given: a test reads what the server warned of) */
  logStream?: { write(line: string): void };
};

/** Fastify's trustProxy: a hop count trusts that many proxies nearest to the server. */
const trustProxy = (t: NonNullable<Config['trustedProxy']>) =>
  typeof t === 'number' ? (_address: string, hop: number) => hop < t : t;

export async function buildApp({
  config,
  database,
  broker,
  secrets,
  clock = SYSTEM_CLOCK,
  programs: programOptions = {},
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logStream ? { level: config.logLevel, stream: logStream } : loggerOptions(config),
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // the client's address (per-address sign-in limit, sessions) and protocol (Secure cookies) behind a proxy
    ...(config.trustedProxy !== undefined && { trustProxy: trustProxy(config.trustedProxy) }),
    // a URL that is not valid percent-encoding, an over-long id: the same error form as every other answer
    frameworkErrors: sendError,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installTextGuard(app);
  closeUnusedConnections(app);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      if (method !== 'HEAD') routeTable.push({ method, url: r.url, access: r.config?.access });
  });
  await registerSecurityHeaders(app, config.webDist);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await registerDocs(app);

  const { db } = database;
  const hub = await LiveHub.start(database.url);
  app.addHook('onClose', () => hub.close());
  // a table this process wrote to: its kept pages go here at once (repo.wrote) and every other process is told
  const repo = new EntityRepository(db, (table) =>
    hub.publish({ type: 'tables', data: [table] }).catch(() => undefined),
  );
  const written = (table: string) => repo.wrote(table);
  app.decorate('tablesWritten', (tables: string[]) => tables.forEach(written));
  // sign-in, the session checks, health and the ingest go on however many connections the requests hold
  const reserved = database.reserved ?? { ingest: db, service: db, detector: db };
  const auth = new AuthService(
    reserved.service,
    new SessionRepository(reserved.service, config.sessionTtlMinutes * 60_000),
    repo.withDb(reserved.service),
  );
  const streams = new StreamSlots(config.streams);
  // a download whose client stopped reading would otherwise hold the close (and the process) for ever
  app.addHook('preClose', () => streams.closeAll());
  const hooks = {
    Users: userHooks({
      revokeSessions: (id, keep) => auth.revokeUser(id, keep),
      roleRights: roleRightsIn(repo),
    }),
    Roles: { afterUpdate: () => auth.forgetRecent() },
    LuminarySupports: socketHooks(db),
    // the service is made below, with these hooks
    ...socketPlaceHooks(db, repo, (): EntityService => service),
    Meters: meterHooks((db as unknown as { $client: Raw }).$client),
    WorkOrders: workOrderHooks((db as unknown as { $client: Raw }).$client, clock, (table) => written(table)),
  } as Record<string, EntityHooks>;
  const mapIndex = new MapIndex(db, hub);
  app.decorate('mapIndex', mapIndex);
  // the ingest is made below, once the routes' service exists
  const field: { ingest?: Ingest; detector?: EventDetector } = {};
  let programs: ProgramService | undefined;
  let scheduleSender: ScheduleSender | undefined;
  // the lamps follow programs only where they are sent: only there is a lamp against its program news
  const expectations = programOptions
    ? new LampExpectations(db, clock, config.lampGraceMs ?? 15 * 60_000, app.log)
    : undefined;
  // every process's programs hear of it (this one's too, through the hub)
  const announce = (name: string) => hub.publish({ type: 'entities', data: [name] }).catch(() => undefined);
  const placement = new DistrictPlacement(db, written);
  const service = new EntityService(
    repo,
    hooks,
    (e) => {
      if (MAP_SOURCES.includes(e.name)) mapIndex.invalidate();
      void announce(e.name);
      // a module moved to another controller is believed from its new one at once here (elsewhere within a minute)
      if (e.name === 'LuminaryModules' || e.name === 'Controllers') field.ingest?.forgetAssignments();
      if (SOCKET_PLACED.includes(e.name)) {
        // the sockets' triggers wrote the other two tables (db/socket-places.ts); events follow at once
        for (const table of SOCKET_TABLES) written(table);
        field.detector?.detectSoon();
      }
    },
    placement,
  );
  await bootstrap(service, repo, { adminPassword: config.adminPassword, demo: config.demo, log: app.log });

  await maintainHistory(db, config.historyDays ?? DEFAULT_HISTORY_DAYS);
  const stopPartitions = keepPartitions(db, app.log, config.historyDays);
  app.addHook('onClose', async () => stopPartitions());
  // tables and entities written by any server process on the same database (this one included)
  hub.subscribe({
    send: (e) => {
      if (e.type === 'tables') for (const table of e.data as string[]) repo.changed(table);
      if (e.type === 'entities')
        for (const name of e.data as string[]) {
          programs?.changed(name);
          scheduleSender?.changed(name);
          expectations?.changed(name);
        }
      // controllers seen connected by whichever process heard them
      if (e.type === 'controllers' && Array.isArray(e.data))
        scheduleSender?.online(
          (e.data as { mac?: string; connected?: boolean }[]).flatMap((r) =>
            r.connected && r.mac ? [r.mac] : [],
          ),
        );
    },
  });
  const shareGroup = broker.kind === 'external' && database.url ? shareGroupOf(database.url) : undefined;
  const ingest = new Ingest(broker.client, reserved.ingest, app.log, hub, written, 500, shareGroup);
  ingest.clock = clock;
  ingest.rollups = config.energyRollups ?? true;
  field.ingest = ingest;
  app.addHook('onClose', () => ingest.stop());
  app.decorate('ingest', ingest);
  const raw = (db as unknown as { $client: Raw }).$client;
  const offline = new OfflineSweep(
    raw,
    clock,
    (config.reportIntervalMs ?? 60_000) * (config.offlineFactor ?? DEFAULT_OFFLINE_FACTOR),
    (type, result) => ingest.announce(type, result),
    written,
    app.log,
    TALQ_REPORT_PERIOD_MS * (config.offlineFactor ?? DEFAULT_OFFLINE_FACTOR),
  );
  offline.start(config.offlineSweepMs ?? 10_000);
  app.addHook('onClose', () => offline.stop());
  app.decorate('offline', offline);
  const detector = new EventDetector(
    (reserved.detector as unknown as { $client: Raw }).$client,
    clock,
    hub,
    written,
    app.log,
    expectations,
    (table) => repo.versionOf(table),
  );
  detector.start(config.offlineSweepMs ?? 10_000);
  field.detector = detector;
  app.addHook('onClose', () => detector.stop());
  app.decorate('events', detector);

  await app.register(accessPlugin, { policy: sessionPolicy(auth) });
  const simulated: SimulatedField = {};
  app.decorate('simulated', simulated);
  registerHealthRoutes(app, database, broker, ingest, mapIndex, simulated);
  registerAuthRoutes(app, auth, new LoginThrottle(reserved.service), config.signInPerMinute);
  registerUserRoutes(app, db, repo, service, hooks);
  registerPreferenceRoutes(app, db);
  registerListViewRoutes(app, db);
  registerRoleRoutes(app, service);
  registerCitiesOnlineRoutes(app, db, repo);
  registerDateTypeRoutes(app);
  registerImportantEventRoutes(app, service, raw, clock, written);
  const ordering = new OrderingQueue();
  registerWorkOrderRoutes(app, service, raw, ordering, clock);
  const maintenance = new MaintenanceSweep(
    raw,
    service,
    ordering,
    clock,
    database.url ? new AdvisoryLease(database.url, MAINTENANCE_LEASE) : ALONE,
    app.log,
  );
  maintenance.start(config.maintenanceSweepMs ?? 60_000);
  app.addHook('onClose', () => maintenance.stop());
  app.decorate('maintenance', maintenance);
  const open311Keys = new Open311Keys(raw);
  registerOpen311KeyRoutes(app, service, open311Keys);
  await registerOpen311Routes(app, { raw, service, keys: open311Keys, queue: ordering, clock, written });
  hooks.ServiceRequests = serviceRequestHooks(raw, service, ordering, clock);
  registerEntityRoutes(app, service, streams, SECRET_ON_CREATE);
  registerHistoryRoutes(app, db, service);
  registerExportRoutes(app, db, repo, streams);
  registerImportRoutes(app, db, repo, service, placement);
  const gateway = new CommandGateway(broker.client, config.commandTimeoutMs, (topic, reason) =>
    app.log.warn({ topic, reason }, 'malformed controller reply'),
  );
  const talqGateways = new TalqGateways(db, service, secrets);
  const overrides = new TalqOverrides(db, talqGateways, config.commandTimeoutMs, hub);
  const talqPrograms = new TalqPrograms(db, talqGateways, config.commandTimeoutMs);
  const loggerConfigs = new TalqLoggerConfigs(talqGateways, config.commandTimeoutMs, app.log);
  app.addHook('onClose', () => loggerConfigs.stop());
  const commandService = new CommandService(db, new FieldCommands(gateway, overrides, talqPrograms), hub, {
    timeoutMs: config.commandTimeoutMs,
    log: app.log,
  });
  await commandService.start();
  app.addHook('onClose', () => commandService.stop());
  if (programOptions) {
    const lease = database.url ? new AdvisoryLease(database.url) : ALONE;
    const lighting = new ProgramService(db, commandService, {
      clock,
      ...programOptions,
      log: app.log,
      lease,
    });
    programs = lighting;
    lighting.start();
    ingest.onOnline = (macs) => {
      expectations?.online();
      lighting.back(macs);
    };
    ingest.onConnected = (macs) => lighting.online(macs);
    app.addHook('onClose', () => lighting.stop());
  }
  app.decorate('programs', programs);
  registerLiveRoutes(app, hub, { sessions: auth });
  registerControllerCommandRoutes(app, service, commandService);
  registerDeviceSecretRoutes(app, service, secrets);
  registerTalqGatewayRoutes(app, talqGateways);
  registerTalqModuleRoutes(app, new TalqModules(db, service, talqGateways));
  await registerTalqCmsRoutes(app, {
    gateways: talqGateways,
    overrides,
    secrets,
    devices: new TalqDevices(db, service, { repo, placement }),
    reports: new TalqLogReports(raw, ingest, () => detector.detectSoon()),
    requestIds: new TalqRequestIds(db),
    // a gateway bootstrapped (again) has none of the programs and logger configurations it had: they go out
    // within a second or two
    bootstrapped: (g) => {
      talqPrograms.forget(g.id);
      programs?.resend([g.login]);
      loggerConfigs.send(g);
    },
    programsRefused: (g) => {
      const resend = talqPrograms.refused(g.id);
      app.log.warn({ gateway: g.id, resend }, 'a TALQ gateway cannot run a calendar or program it was sent');
      if (resend) programs?.resend([g.login]);
    },
  });
  registerControlRoutes(app, db, commandService, service);
  const testSwitches = new TestSwitches(raw, db, service, commandService, clock, app.log);
  // a lamp tested for two minutes goes back to its program within these seconds of them
  testSwitches.start(5_000);
  app.addHook('onClose', () => testSwitches.stop());
  app.decorate('testSwitches', testSwitches);
  registerFieldRoutes(app, service, raw, testSwitches, clock);
  hooks.PartReplacements = partReplacementHooks(raw, service);
  registerPartReplacementRoutes(app, service);
  registerDispatchRoutes(app, db, service, clock);
  registerModuleConfigRoutes(app, db, commandService, written);
  registerModuleHistoryRoutes(app, db, service);
  registerSocketHolderRoutes(app, db);
  registerMapRoutes(app, mapIndex, repo);
  registerMapFindRoutes(app, db);
  registerLightingRoutes(app, service, db, clock);
  registerCalendarRoutes(app, service, repo, db, announce);
  const reports = new ReportService(db, service, () => clock.now());
  registerReportRoutes(app, reports);
  registerAvailabilityRoutes(app, reports, clock);
  registerReportExportRoutes(app, reports);
  registerMaintenanceReportRoutes(app, reports, clock);
  registerMeterActiveRoutes(app, service, raw);
  const schedules = new ScheduleService(service, repo, db, () => announce('ControllerSchedule'));
  if (programOptions) {
    // the cabinets' schedules go to the field with the lamps' programs (tests of other things send neither)
    const sender = new ScheduleSender(db, schedules, service, commandService, {
      clock,
      log: app.log,
      lease: database.url ? new AdvisoryLease(database.url, SCHEDULE_LEASE) : ALONE,
      settleMs: programOptions.settleMs,
      tickMs: programOptions.scheduleTickMs,
      retryMs: programOptions.scheduleRetryMs,
    });
    scheduleSender = sender;
    sender.start();
    app.addHook('onClose', () => sender.stop());
  }
  app.decorate('schedules', scheduleSender);
  registerScheduleRoutes(app, schedules);
  registerScheduleManyRoutes(app, schedules);
  registerScheduleTwilightRoutes(app, schedules, new SunYears());
  registerScheduleTonightRoutes(app, schedules, clock, db, service);
  await registerWeb(app, config.webDist);
  return app;
}
