import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAuthGuard } from './auth/guard';
import { type Clock, SettableClock, systemClock } from './clock';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { type AnswerSerialization, answerSerializerCompiler } from './http/answer-serializer';
import { registerBenchCeilings } from './http/bench-ceilings';
import { registerCompression } from './http/compression';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler';
import { registerIdempotency } from './http/idempotency';
import { inlineScriptSources } from './http/inline-scripts';
import { registerInputGuard } from './http/input-guard';
import { LIST_TOTAL_HEADERS } from './http/list-query';
import { safeLoggerOptions } from './http/log-safety';
import { registerSpa } from './http/spa';
import { coverageOfOrder, moveVisitToOrder } from './modules/amc';
import { amcRoutes } from './modules/amc/amc.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { payeeOfBranch } from './modules/billing';
import { billingRoutes } from './modules/billing/billing.routes';
import { branchesRoutes } from './modules/branches/branches.routes';
import { businessRoutes } from './modules/business/business.routes';
import { checklistRefusal } from './modules/checklists';
import { checklistsRoutes } from './modules/checklists/checklists.routes';
import { complaintsRoutes } from './modules/complaints';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { customerUpdatesRoutes } from './modules/customer-updates/customer-updates.routes';
import { registerOutboxWorker } from './modules/customer-updates/outbox-plugin';
import { whatsappTemplatesRoutes } from './modules/customer-updates/whatsapp-templates.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { duesRoutes } from './modules/dues/dues.routes';
import { exportsRoutes } from './modules/exports';
import { gstReportsRoutes } from './modules/gst-reports/gst-reports.routes';
import { importsRoutes } from './modules/imports';
import { inventoryRoutes } from './modules/inventory/inventory.routes';
import { jobPhotosRoutes } from './modules/job-photos';
import { jobSignaturesRoutes, signatureRefusal } from './modules/job-signatures';
import { jobStatusRoutes } from './modules/job-status/job-status.routes';
import { LiveHub, liveEventsRoutes } from './modules/live-events';
import { ownershipRoutes } from './modules/ownership/ownership.routes';
import { quotationsRoutes } from './modules/quotations';
import {
  salesReportRoutes,
  stockReportRoutes,
  techniciansReportRoutes,
  workReportRoutes,
} from './modules/reports';
import { scheduleRoutes } from './modules/schedule';
import { serviceReportRoutes } from './modules/service-report';
import { demoRequestsRoutes } from './modules/system/demo-requests.routes';
import { resetRoutes } from './modules/system/reset.routes';
import { unitLinksRoutes } from './modules/unit-links';
import { usersRoutes } from './modules/users/users.routes';
import { warrantyRoutes } from './modules/warranty/warranty.routes';
import { conversationsRoutes, recordInboundMessages } from './modules/whatsapp-conversations';
import { workOrdersRoutes } from './modules/work-orders/work-orders.routes';
import { fileStorageOf } from './storage';

/** Fastify logs a request when it comes in and when it is answered; the second line says it all. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
}

export interface BuildOptions {
  /** An open database (tests); without it the app opens one from the config and owns it. */
  database?: DatabaseHandle;
  /** false: the database the app opens is not migrated (a cluster worker, decision 014). */
  migrate?: boolean;
  /** Pino logger options; false silences it (tests). */
  logger?: boolean | object;
  /** 'checked': answers also encoded through their zod schema and compared (API tests). */
  answers?: AnswerSerialization;
  /**
   * Where day-dependent rules read the time (issue 23): tests hand in a clock they move; by
   * default the real one, or with KARYA_TEST_CLOCK=1 one POST /api/test-clock sets.
   */
  clock?: Clock;
}

export interface KaryaApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: Clock;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<KaryaApp> {
  const database =
    options.database ?? (await openDatabase(config, { migrate: options.migrate !== false }));
  const { db } = database;
  const clock = options.clock ?? (config.amc.testClock ? new SettableClock() : systemClock);

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : safeLoggerOptions(
            typeof options.logger === 'object' ? options.logger : { level: config.logLevel },
          ),
    trustProxy: config.trustProxy,
    // Request ids appear in the log line of every request and of every 500.
    genReqId: () => crypto.randomUUID(),
    logController: new OneLinePerRequest(),
    // The router's own refusals (a '%zz' or an over-long path part) in the envelope too.
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(options.answers ?? 'fast'));
  if (!options.database) app.addHook('onClose', () => database.close());

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // The SPA draws UPI QR codes and camera frames into data: and blob: images.
        'img-src': ["'self'", 'data:', 'blob:'],
        // index.html's own inline script (apps/web/early-start.ts), by its hash. WebAssembly
        // from the app's own files: HarfBuzz, which shapes Devanagari in the PDFs (decision
        // 042); it allows compiling WebAssembly, not JavaScript's eval.
        'script-src': ["'self'", "'wasm-unsafe-eval'", ...inlineScriptSources(config.webDist)],
        // The installable app (issue 20, decision 025): its service worker and manifest.
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        // Shops run Karya on a LAN over plain HTTP too; upgrading would break that.
        'upgrade-insecure-requests': config.cookieSecure ? [] : null,
      },
    },
    strictTransportSecurity: config.cookieSecure,
  });
  if (config.corsOrigins.length > 0) {
    // A client on another origin reads a paged list's total only if it is exposed.
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      credentials: true,
      exposedHeaders: [...LIST_TOTAL_HEADERS],
    });
  }
  // Its onSend keeps an answer before compression turns it into gzip.
  registerIdempotency(app, db);
  // Before every route and the static files, whose hooks it adds as they are declared.
  await registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Karya API',
        version: '1.0.0',
        description:
          'Every answer is { success, data, message }. Sign in with POST /api/login; the session cookie goes with every later call.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'karya_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerAuthGuard(app, db);
  registerInputGuard(app);
  registerErrorHandler(app);

  await app.register(authRoutes(db, config), { prefix: '/api' });
  await app.register(usersRoutes(db), { prefix: '/api' });
  await app.register(branchesRoutes(db), { prefix: '/api' });
  await app.register(businessRoutes(db), { prefix: '/api' });
  await app.register(ownershipRoutes(db), { prefix: '/api' });
  await app.register(contactsRoutes(db), { prefix: '/api' });
  await app.register(inventoryRoutes(db), { prefix: '/api' });
  // Issue 22: the checklist, then the customer's signature; the first refusal is the answer.
  await app.register(
    workOrdersRoutes(
      db,
      (branchId) => payeeOfBranch(db, branchId, config),
      async (tx, order) =>
        (await checklistRefusal(tx, order)) ?? (await signatureRefusal(tx, order)),
      // Issue 39 item 25: a maintenance visit follows its transferred order's work.
      moveVisitToOrder,
      clock,
    ),
    { prefix: '/api' },
  );
  // A maintenance visit's order bills what its contract covers at ₹0 (issue 23).
  await app.register(billingRoutes(db, config, coverageOfOrder, clock), { prefix: '/api' });
  await app.register(
    duesRoutes(db, (branchId) => payeeOfBranch(db, branchId, config), clock),
    { prefix: '/api' },
  );
  await app.register(gstReportsRoutes(db), { prefix: '/api' });
  await app.register(salesReportRoutes(db), { prefix: '/api' });
  await app.register(stockReportRoutes(db, clock), { prefix: '/api' });
  await app.register(techniciansReportRoutes(db), { prefix: '/api' });
  await app.register(workReportRoutes(db, clock), { prefix: '/api' });
  await app.register(exportsRoutes(db, clock), { prefix: '/api' });
  await app.register(dashboardRoutes(db, clock), { prefix: '/api' });
  await app.register(
    amcRoutes(
      { db, clock, leadDays: config.amc.leadDays },
      config.amc.testClock && clock instanceof SettableClock ? clock : null,
    ),
    { prefix: '/api' },
  );
  await app.register(demoRequestsRoutes(db), { prefix: '/api' });
  await app.register(resetRoutes(db, config), { prefix: '/api' });
  await app.register(warrantyRoutes(db), { prefix: '/api' });
  await app.register(scheduleRoutes(db, clock), { prefix: '/api' });
  // Issue 37: the branch's response targets for complaints and the month's report.
  await app.register(complaintsRoutes(db, clock), { prefix: '/api' });
  // One LISTEN per process for every open board (issue 34). Its streams end before the
  // server closes, which otherwise waits for them.
  const liveHub = new LiveHub(db, app.log);
  await liveHub.start(database);
  app.addHook('preClose', () => liveHub.stop());
  await app.register(liveEventsRoutes(db, liveHub), { prefix: '/api' });
  await app.register(jobStatusRoutes(db, config, fileStorageOf(config)), { prefix: '/api' });
  await app.register(quotationsRoutes(db, config, clock), { prefix: '/api' });
  await app.register(
    customerUpdatesRoutes(db, config.whatsappCloud, (body) => recordInboundMessages(db, body)),
    { prefix: '/api' },
  );
  await app.register(conversationsRoutes(db, config.whatsappCloud), { prefix: '/api' });
  // Issue 40: the approved templates, and the worker sending updates queued at their event.
  await app.register(whatsappTemplatesRoutes(db), { prefix: '/api' });
  registerOutboxWorker(app, db, config.whatsappCloud);
  await app.register(checklistsRoutes(db), { prefix: '/api' });
  await app.register(serviceReportRoutes(db, config), { prefix: '/api' });
  const storage = fileStorageOf(config);
  await app.register(jobPhotosRoutes(db, storage), { prefix: '/api' });
  await app.register(jobSignaturesRoutes(db, storage), { prefix: '/api' });
  // Issue 37: the units' QR stickers and the unit's public page with its complaint.
  await app.register(unitLinksRoutes(db, config, storage, clock), { prefix: '/api' });
  // Issue 36: spreadsheets checked, then committed in batches by a worker in every process.
  await app.register(importsRoutes(db, config), { prefix: '/api' });
  if (config.benchCeilings) registerBenchCeilings(app, database);
  await registerSpa(app, config.webDist);

  return { app, database, clock };
}
