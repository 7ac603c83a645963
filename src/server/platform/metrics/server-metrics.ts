import type { FastifyBaseLogger } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { countedPayments, countedTap } from '../payments/counted-provider.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import type { TapProvider } from '../payments/tap.ts'

export type HttpLabel = 'method' | 'route' | 'status'
export type PaymentLabel = 'provider' | 'operation' | 'outcome'

/** One sample of a gauge read at scrape time: its labels (if it has any) and its value. */
export interface Sample<L extends string> {
  labels?: Partial<Record<L, string>>
  value: number
}

export interface ScrapedGauge<L extends string> {
  name: string
  help: string
  labelNames?: readonly L[]
  /** Read when /metrics is scraped, never on a timer; a failure leaves the gauge empty that time. */
  read: () => Promise<Sample<L>[]> | Sample<L>[]
}

/** The longest a gauge read from the database may hold up a scrape. */
const readTimeoutMs = 2000

let processRegistry: Registry | undefined

/**
 * The process's own metrics (CPU, memory, event-loop lag, GC, handles), collected once per process:
 * they describe the process, and each collection starts its own event-loop monitor that is never
 * stopped, so the several apps a test process builds share one.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/**
 * One app's metrics in the Prometheus text format (docs/decisions/039). Each app has its own
 * registry, never prom-client's global one, so the apps a test process builds count apart. The
 * platform declares the metrics every server has; the composition (app.ts) adds the gauges it can
 * read with `gauge`.
 */
export class ServerMetrics {
  private readonly registry = new Registry()

  /** Requests answered, by route pattern (never the raw URL), method and status. */
  readonly httpRequests = new Counter<HttpLabel>({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  })

  readonly httpDuration = new Histogram<HttpLabel>({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  })

  /** Calls to the card payment provider, by what was asked and how it ended. */
  readonly paymentOperations = new Counter<PaymentLabel>({
    name: 'payment_operations_total',
    help: 'Calls to the payment providers (PayPal, Tap), by provider, operation (create, capture, find_capture, refund) and outcome (ok, pending, declined, error)',
    labelNames: ['provider', 'operation', 'outcome'],
    registers: [this.registry],
  })

  /** Receipt PDFs made (each costs up to a second of CPU); a kept one read back is not counted. */
  readonly receiptPdfsMade = new Counter({
    name: 'receipt_pdfs_made_total',
    help: 'Receipt PDFs made; each is kept, and later requests for it read it back uncounted',
    registers: [this.registry],
  })

  private readonly readFailures = new Counter<'gauge'>({
    name: 'metrics_read_failures_total',
    help: 'Scrapes at which a gauge could not be read (the database did not answer in time), by gauge',
    labelNames: ['gauge'],
    registers: [this.registry],
  })

  private readonly counted = new WeakSet<PaymentProvider | TapProvider>()
  private log: Pick<FastifyBaseLogger, 'warn'> | undefined

  /** Where a gauge that could not be read is reported (the app's log, once it exists). */
  reportReadFailuresTo(log: Pick<FastifyBaseLogger, 'warn'>): void {
    this.log = log
  }

  /**
   * `provider` with each call's outcome counted in payment_operations_total. Counting a provider
   * already counted here returns it as it is, so main.ts can hand the same one to the app and to
   * the jobs, each call counted once.
   */
  countPayments(provider: PaymentProvider): PaymentProvider {
    if (this.counted.has(provider)) return provider
    const counted = countedPayments(provider, (kind, operation, outcome) =>
      this.paymentOperations.inc({ provider: kind, operation, outcome }),
    )
    this.counted.add(counted)
    return counted
  }

  /** Tap (BENEFIT, cards in BD) counted in the same payment_operations_total; once, however often asked. */
  countTap<T extends TapProvider>(provider: T): T {
    if (this.counted.has(provider)) return provider
    const counted = countedTap(provider, (kind, operation, outcome) =>
      this.paymentOperations.inc({ provider: kind, operation, outcome }),
    )
    this.counted.add(counted)
    return counted
  }

  /** A gauge whose samples are read each time /metrics is scraped. */
  gauge<L extends string>({ name, help, labelNames = [], read }: ScrapedGauge<L>): void {
    const failed = (error: unknown) => {
      this.readFailures.inc({ gauge: name })
      this.log?.warn({ err: error, gauge: name }, 'a metric could not be read for /metrics')
    }
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        // Samples that are gone (a job renamed, say) must not linger from an earlier scrape.
        this.reset()
        try {
          for (const { labels, value } of await withTimeout(Promise.resolve(read()), readTimeoutMs))
            labels ? this.set(labels, value) : this.set(value)
        } catch (error) {
          failed(error)
        }
      },
    })
  }

  readonly contentType = this.registry.contentType

  /** The process's and this app's metrics, as one Prometheus text page. */
  async text(): Promise<string> {
    return Registry.merge([processMetrics(), this.registry]).metrics()
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not read within ${ms} ms`)), ms)
    timer.unref()
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
