import type { ServerMetrics } from './server-metrics.ts'

/** What a `pg.Pool` says of itself, read at each scrape. */
export interface PoolCounts {
  readonly totalCount: number
  readonly idleCount: number
  readonly waitingCount: number
  readonly options: { max?: number }
}

/** The database pool of this process: connections open, idle, the most it opens, and queries waiting for one. */
export function poolGauges(metrics: ServerMetrics, pool: PoolCounts): void {
  metrics.gauge({
    name: 'db_pool_connections',
    help: 'Connections of this process to the database, by state: open (idle or in use) and idle',
    labelNames: ['state'],
    read: () => [
      { labels: { state: 'open' }, value: pool.totalCount },
      { labels: { state: 'idle' }, value: pool.idleCount },
    ],
  })
  metrics.gauge({
    name: 'db_pool_max_connections',
    help: 'The most connections this process opens to the database',
    read: () => [{ value: pool.options.max ?? 10 }],
  })
  metrics.gauge({
    name: 'db_pool_waiting_queries',
    help: 'Queries of this process waiting for a free database connection',
    read: () => [{ value: pool.waitingCount }],
  })
}

export interface OutboxBacklog {
  /** Mails due (or being sent) and not sent yet. */
  due: number
  /** How long the oldest due mail has waited past its time, in seconds; 0 when none is due. */
  oldestDueAgeSeconds: number
}

/** The mail outbox, shared by every server: read from its table at each scrape. */
export function outboxGauges(metrics: ServerMetrics, read: () => Promise<OutboxBacklog>): void {
  // Both gauges come from one query per scrape: an answer is reused for a second.
  let last: { at: number; backlog: Promise<OutboxBacklog> } | undefined
  const backlog = () => {
    if (!last || performance.now() - last.at > 1000) last = { at: performance.now(), backlog: read() }
    return last.backlog
  }
  metrics.gauge({
    name: 'mail_outbox_due',
    help: 'Mails in the outbox that are due (or being sent) and not sent yet, across every server',
    read: async () => [{ value: (await backlog()).due }],
  })
  metrics.gauge({
    name: 'mail_outbox_oldest_due_age_seconds',
    help: 'How long the oldest due mail in the outbox has waited past its time; 0 when none is due',
    read: async () => [{ value: (await backlog()).oldestDueAgeSeconds }],
  })
}

export interface JobSuccess {
  name: string
  lastSuccessAt: Date
}

/** When each periodic job last finished on any server, from the job_runs table (docs/decisions/037). */
export function jobGauges(metrics: ServerMetrics, read: () => Promise<JobSuccess[]>): void {
  metrics.gauge({
    name: 'job_last_success_timestamp_seconds',
    help: 'When each periodic job last finished, on whichever server ran it, as a Unix time',
    labelNames: ['job'],
    read: async () =>
      (await read()).map((run) => ({ labels: { job: run.name }, value: run.lastSuccessAt.getTime() / 1000 })),
  })
}
