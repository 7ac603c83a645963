import compress from '@fastify/compress'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import Fastify, { type FastifyInstance } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { DestinationStream } from 'pino'
import { declaredEndpoints } from '../shared/endpoints/all.ts'
import { tapWebhookRoute } from '../shared/endpoints/checkout-routes.ts'
import { loggablePathParams } from '../shared/endpoints/define.ts'
import { systemEndpoints } from '../shared/endpoints/system.ts'
import { pageDefinition, pageKeys } from '../shared/route-manifest.ts'
import { createAuth } from './domain/accounts/auth.ts'
import { authPlugin } from './domain/accounts/auth-plugin.ts'
import { callerPlugin } from './domain/accounts/caller-plugin.ts'
import type { ScryptParams } from './domain/accounts/password-hash.ts'
import { watchCatalogChanges } from './domain/catalog/catalog-changes.ts'
import { pageLcpImage } from './domain/catalog/page-images.ts'
import { CatalogService } from './domain/catalog/service.ts'
import { venuePageMeta } from './domain/catalog/venue-page-meta.ts'
import { onPlacesFreed } from './domain/places/slot-occupancy.ts'
import { visionClientFromConfig } from './domain/scan/vision-client.ts'
import type { PhotoStorage } from './domain/venue-photos/storage.ts'
import { photoStorageFromConfig } from './domain/venue-photos/storage-from-config.ts'
import { offerFreedPlaces } from './domain/waitlist/offers.ts'
import type { Config } from './platform/config.ts'
import type { DatabaseHandle } from './platform/db/database.ts'
import { canonicalPathPlugin } from './platform/http/canonical-path.ts'
import { fromEndpoint } from './platform/http/endpoint.ts'
import { errorsPlugin, frameworkErrors } from './platform/http/errors.ts'
import { jsonBodyPlugin } from './platform/http/json-body.ts'
import { maskingDestination, urlRedactor } from './platform/http/log-privacy.ts'
import { oneOriginPlugin } from './platform/http/one-origin.ts'
import { rateLimitRedis } from './platform/http/rate-limit-store.ts'
import { requestIdFrom, requestIdHeaderPlugin } from './platform/http/request-id.ts'
import { sameOriginPlugin } from './platform/http/same-origin.ts'
import { securityPlugin } from './platform/http/security.ts'
import { loadPageRenderer, type PageRenderer, serverRender } from './platform/http/server-render.ts'
import { sharedAnswersPlugin } from './platform/http/shared-answers.ts'
import { teamAccessPlugin } from './platform/http/team-access.ts'
import { proxyTrust } from './platform/http/trusted-proxies.ts'
import { webAppPlugin } from './platform/http/web-app.ts'
import { lastJobSuccesses } from './platform/jobs/periodic-job.ts'
import { Lifecycle } from './platform/lifecycle.ts'
import { outboxBacklog } from './platform/mail/outbox.ts'
import { httpMetricsPlugin } from './platform/metrics/http-metrics.ts'
import { ServerMetrics } from './platform/metrics/server-metrics.ts'
import { jobGauges, outboxGauges, poolGauges } from './platform/metrics/standard-gauges.ts'
import { paymentProviderFromConfig } from './platform/payments/payment-provider-from-config.ts'
import type { PaymentProvider } from './platform/payments/provider.ts'
import type { TapProvider } from './platform/payments/tap.ts'
import { tapProviderFromConfig } from './platform/payments/tap-from-config.ts'
import type { TapTestGateway } from './platform/payments/tap-test-provider.ts'
import { accountDataRoutes } from './routes/account.ts'
import { registerRoutes } from './routes/accounts.ts'
import { areaAdminRoutes } from './routes/admin/areas.ts'
import { dashboardRoutes } from './routes/admin/dashboard.ts'
import { invitationTeamRoutes } from './routes/admin/invitations.ts'
import { reportRoutes } from './routes/admin/reports.ts'
import { settingsRoutes } from './routes/admin/settings.ts'
import { staffRoutes } from './routes/admin/staff.ts'
import { usersRoutes } from './routes/admin/users.ts'
import { venuePhotoRoutes } from './routes/admin/venue-photos.ts'
import { venueScheduleRoutes } from './routes/admin/venue-schedule.ts'
import { venueAdminRoutes } from './routes/admin/venues.ts'
import { areaRoutes } from './routes/areas.ts'
import { dateChangeRoutes } from './routes/booking-changes.ts'
import { bookingRoutes } from './routes/bookings.ts'
import { checkoutRoutes } from './routes/checkout.ts'
import { contactRoutes } from './routes/contact.ts'
import { deskRoutes } from './routes/desk.ts'
import { devMailboxRoutes } from './routes/dev-mailbox.ts'
import { guestVerificationRoutes } from './routes/guest-verification.ts'
import { catalogRoutes } from './routes/gyms.ts'
import { healthRoutes } from './routes/health.ts'
import { invitationRoutes } from './routes/invitations.ts'
import { guestLinkRoutes } from './routes/manage.ts'
import { metricsRoutes } from './routes/metrics.ts'
import { newsletterRoutes } from './routes/newsletter.ts'
import { unsubscribeRoutes } from './routes/newsletter-unsubscribe.ts'
import { receiptRoutes } from './routes/receipts.ts'
import { reviewRoutes } from './routes/reviews.ts'
import { scanRoutes } from './routes/scan.ts'
import { sessionRoutes } from './routes/session.ts'
import { teamVisitRoutes } from './routes/team/bookings.ts'
import { refundRoutes } from './routes/team/refunds.ts'
import { teamReviewRoutes } from './routes/team/reviews.ts'
import { vendorRoutes } from './routes/vendor-applications.ts'
import { waitlistRoutes } from './routes/waitlist.ts'

export interface AppDeps {
  config: Config
  database: DatabaseHandle
  /** Defaults to a catalog over `database` on the app's clock; tests may pass one (on the same clock). */
  catalog?: CatalogService
  /** Defaults to PayPal when configured, else the test mode; tests pass one against a fake PayPal. */
  payments?: PaymentProvider
  /**
   * BENEFIT and cards in BD: defaults to Tap when TAP_SECRET_KEY is set, else its test mode (or none
   * in production); tests pass one against a fake Tap. main.ts shares one with the jobs.
   */
  tap?: TapProvider & Partial<TapTestGateway>
  /** Defaults to the server entry built beside the web app (dist/ssr/), if any; tests pass the source one. */
  pageRenderer?: PageRenderer
  /** Where the team's venue photos are kept; defaults to the store PHOTO_STORAGE names. */
  photoStorage?: PhotoStorage
  /**
   * The one clock (docs/decisions/033): every route, proof and stamp the app makes reads it.
   * main.ts passes the real time; a test that fixes it gets that time everywhere.
   */
  now: () => Date
  /** Readiness for the load balancer; main.ts drains it on SIGTERM. Tests get a ready one. */
  lifecycle?: Lifecycle
  /**
   * What /metrics shows; a fresh one by default. main.ts passes the one its jobs' payment provider
   * is counted in (metrics.countPayments), so their refunds count beside the routes' payments.
   */
  metrics?: ServerMetrics
  /** Where log lines go (standard output by default); tests read them. Addresses are masked first. */
  logDestination?: DestinationStream
  /**
   * How new passwords are hashed: OWASP's scrypt (password-hash.ts) unless given, and main.ts gives
   * nothing. Tests pass a cheaper one: their passwords guard nothing, and each OWASP hash takes
   * 128 MiB and a quarter of a second of a core, a minute of CI over the suite's accounts.
   */
  passwordHashing?: ScryptParams
}

/**
 * Every path the server answers, as the route table declares it, for the log's redaction: the
 * endpoints, the pages, and better-auth's reset link (its routes are one wildcard here).
 */
export const routeTablePaths: readonly string[] = [
  ...declaredEndpoints.map((declared) => declared.path),
  ...pageKeys.map((key) => pageDefinition(key).path),
  '/api/auth/reset-password/:token',
]

/** Builds the whole server without listening: main.ts starts it, tests drive it with app.inject. */
export async function buildApp({
  config,
  database,
  catalog,
  payments,
  tap,
  pageRenderer,
  logDestination,
  photoStorage,
  lifecycle = new Lifecycle({ migrated: true }),
  metrics = new ServerMetrics(),
  now,
  passwordHashing,
}: AppDeps): Promise<FastifyInstance> {
  const trust = proxyTrust(config.TRUST_PROXY)
  const redactUrl = urlRedactor(routeTablePaths, loggablePathParams)
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      stream: maskingDestination(logDestination),
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      serializers: {
        // Links carry their token in the URL (guest, review, invitation, reset…): never in the log.
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    // Bodies larger than this are refused before they are read; upload routes raise their own limit.
    bodyLimit: 256 * 1024,
    // Only the proxies named in TRUST_PROXY may say who the client is (X-Forwarded-For)…
    trustProxy: trust,
    // …and name the request (X-Request-Id): each log line of a request carries its id as reqId.
    genReqId: requestIdFrom(trust),
    // A badly encoded URL or an over-long path parameter, answered before any route: our error shape.
    frameworkErrors,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // First: an answer it keeps is given before any other hook runs (docs/decisions/052).
  await app.register(sharedAnswersPlugin, { now })
  await app.register(requestIdHeaderPlugin)
  await app.register(httpMetricsPlugin, { metrics })
  await app.register(errorsPlugin)
  await app.register(canonicalPathPlugin)
  await app.register(jsonBodyPlugin)
  await app.register(securityPlugin, {
    https: config.PUBLIC_URL.startsWith('https:'),
    paypal: Boolean(config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET),
  })
  const production = config.NODE_ENV === 'production'
  // A local demo opened at 127.0.0.1 goes to PUBLIC_URL's localhost: one origin, one cart.
  if (config.NODE_ENV === 'development') await app.register(oneOriginPlugin, { publicUrl: config.PUBLIC_URL })
  await app.register(sameOriginPlugin, {
    publicOrigin: new URL(config.PUBLIC_URL).origin,
    trustLocalOrigins: !production,
    // Tap's server posts the webhook from no page of ours; its hashstring is checked instead.
    exemptPaths: [tapWebhookRoute.path],
  })
  await app.register(compress, { threshold: 1024 })
  // The counters behind `limitBy` (platform/http/rate-limits.ts), in Redis when REDIS_URL is set (shared
  // by every process), else in this process's memory.
  await app.register(rateLimit, {
    global: false,
    // Counters kept in memory per limit: generous, so a flood of made-up keys cannot push a real one out.
    cache: 100_000,
    ...(config.REDIS_URL
      ? {
          redis: await rateLimitRedis(app, config.REDIS_URL),
          nameSpace: config.RATE_LIMIT_NAMESPACE,
          skipOnError: true,
        }
      : {}),
  })
  await app.register(swagger, {
    openapi: { info: { title: 'DayPass Bahrain API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  })

  metrics.reportReadFailuresTo(app.log)
  poolGauges(metrics, database.pool)
  outboxGauges(metrics, () => outboxBacklog(database.db, now()))
  jobGauges(metrics, () => lastJobSuccesses(database))
  await app.register(metricsRoutes, { metrics, token: config.METRICS_TOKEN })

  const siteUrl = config.PUBLIC_URL.replace(/\/$/, '')
  await app.register(healthRoutes, { db: database.db, engine: database.kind, lifecycle, trust })
  const auth = createAuth({ config, db: database.db, log: app.log, passwordHashing })
  await app.register(callerPlugin, { auth })
  await app.register(teamAccessPlugin)
  await app.register(authPlugin, { auth })
  await app.register(sessionRoutes, { db: database.db })
  await app.register(registerRoutes, { auth, db: database.db })
  const catalogService =
    catalog ?? new CatalogService(database.db, { cacheMs: config.CATALOG_CACHE_SECONDS * 1000, now })
  await app.register(catalogRoutes, {
    catalog: catalogService,
    db: database.db,
    // A second, and never longer than the catalog itself is kept (none when it is read every time).
    sharedForMs: Math.min(1_000, catalogService.keptForMs),
  })
  // An edit forgets the catalog and the venue lists' answers made from it.
  const catalogChanges = await watchCatalogChanges(database, {
    invalidate() {
      catalogService.invalidate()
      app.sharedAnswers.forget()
    },
  })
  app.addHook('onClose', () => catalogChanges.stop())
  // Deleting an account deletes its reviews: the averages are read again.
  await app.register(accountDataRoutes, {
    db: database.db,
    now,
    announceCatalogChange: catalogChanges.announce,
  })
  await app.register(newsletterRoutes, { db: database.db, siteUrl, secret: config.AUTH_SECRET })
  await app.register(unsubscribeRoutes, { db: database.db, secret: config.AUTH_SECRET })
  await app.register(contactRoutes, { db: database.db, teamEmail: config.TEAM_EMAIL })
  await app.register(vendorRoutes, {
    db: database.db,
    teamEmail: config.TEAM_EMAIL,
    siteUrl,
    secret: config.AUTH_SECRET,
    now,
    announceCatalogChange: catalogChanges.announce,
  })
  await app.register(venueAdminRoutes, {
    db: database.db,
    announceCatalogChange: catalogChanges.announce,
    now,
  })
  await app.register(venuePhotoRoutes, {
    db: database.db,
    // Several servers share one store (the database on PostgreSQL), else a photo uploaded to one
    // would be missing on the others (docs/decisions/038).
    storage: photoStorage ?? (await photoStorageFromConfig(config, database.db)),
    announceCatalogChange: catalogChanges.announce,
  })
  await app.register(venueScheduleRoutes, {
    db: database.db,
    now,
    announceCatalogChange: catalogChanges.announce,
  })
  await app.register(scanRoutes, { vision: visionClientFromConfig(config) })
  await app.register(guestVerificationRoutes, { db: database.db, secret: config.AUTH_SECRET, now })
  // Every call to the provider is counted at this one boundary (payment_operations_total).
  const paymentProvider = metrics.countPayments(payments ?? paymentProviderFromConfig(config))
  const tapProvider = metrics.countTap(tap ?? tapProviderFromConfig(config))
  const visitDeps = {
    db: database.db,
    secret: config.AUTH_SECRET,
    siteUrl: config.PUBLIC_URL,
    payments: paymentProvider,
    tap: tapProvider,
    log: app.log,
    now,
  }
  await app.register(bookingRoutes, visitDeps)
  await app.register(guestLinkRoutes, visitDeps)
  await app.register(receiptRoutes, { ...visitDeps, pdfsMade: metrics.receiptPdfsMade })
  await app.register(dateChangeRoutes, { ...visitDeps, catalog: catalogService })
  await app.register(teamVisitRoutes, visitDeps)
  await app.register(deskRoutes, {
    db: database.db,
    secret: config.AUTH_SECRET,
    now,
    reviewInviteDelayMs: config.REVIEW_INVITE_DELAY_MINUTES * 60_000,
  })
  await app.register(staffRoutes, { db: database.db })
  await app.register(invitationTeamRoutes, { db: database.db, now })
  await app.register(invitationRoutes, { db: database.db, auth, secret: config.AUTH_SECRET, now })
  await app.register(usersRoutes, { db: database.db, now })
  await app.register(dashboardRoutes, { db: database.db, now })
  await app.register(settingsRoutes, {
    db: database.db,
    announceCatalogChange: catalogChanges.announce,
    now,
  })
  await app.register(areaRoutes, { catalog: catalogService })
  await app.register(areaAdminRoutes, { db: database.db, announceCatalogChange: catalogChanges.announce })
  await app.register(reportRoutes, { db: database.db })
  await app.register(refundRoutes, visitDeps)
  await app.register(checkoutRoutes, {
    db: database.db,
    catalog: catalogService,
    auth,
    secret: config.AUTH_SECRET,
    payments: paymentProvider,
    tap: tapProvider,
    siteUrl,
    now,
    ordersPerIp: config.CHECKOUT_ORDERS_PER_IP,
  })
  // Places given back anywhere are offered to the slot's waiting list in the same transaction.
  onPlacesFreed(offerFreedPlaces)
  await app.register(waitlistRoutes, {
    db: database.db,
    catalog: catalogService,
    secret: config.AUTH_SECRET,
    now,
  })
  const reviewDeps = {
    db: database.db,
    secret: config.AUTH_SECRET,
    now,
    announceCatalogChange: catalogChanges.announce,
  }
  await app.register(reviewRoutes, reviewDeps)
  await app.register(teamReviewRoutes, reviewDeps)
  // Development conveniences, never on a production site (ADR 016).
  if (!production) await app.register(devMailboxRoutes, { db: database.db })
  if (!production || config.OPENAPI_PUBLIC)
    app.route({
      ...fromEndpoint(systemEndpoints.openApi, { schema: { hide: true } }),
      handler: async () => app.swagger(),
    })

  const renderer = pageRenderer ?? (await loadPageRenderer(config.WEB_DIST_DIR))
  await app.register(webAppPlugin, {
    distDir: config.WEB_DIST_DIR,
    sourceMaps: !production,
    venueMeta: venuePageMeta(catalogService, siteUrl),
    pageImage: pageLcpImage(catalogService),
    render: renderer && serverRender(app, renderer),
    earlyEventsScript: renderer?.earlyEventsScript,
  })
  return app
}
