import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseMetrics, sampleValue, scrape } from '../../../tests/support/metrics.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { enqueueMail, type MailName } from '../platform/mail/outbox.ts'

const token = 'metrics-token-for-tests-0123456789abcdef'
// Fixed, so the outbox's age is exact; today, so the mails the database dates itself are not in the future.
const clock = new Date(Math.floor(Date.now() / 1000) * 1000)
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: token }, () => ({ now: () => clock }))
})
afterAll(async () => {
  await t.close()
})

const metrics = (headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) })

describe('who may read /metrics', () => {
  it('answers a scraper on this machine, with nothing between, in the Prometheus text format', async () => {
    const response = await metrics()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(() => parseMetrics(response.body)).not.toThrow()
  })

  it('is not found for a request a proxy on this machine forwarded, without the token', async () => {
    expect((await metrics({ 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404)
    expect((await metrics({ forwarded: 'for=203.0.113.7' })).statusCode).toBe(404)
  })

  it('is not found for a peer off this machine, or with a wrong token', async () => {
    expect((await metrics({}, '203.0.113.7')).statusCode).toBe(404)
    expect((await metrics({ authorization: `Bearer ${token}x` }, '203.0.113.7')).statusCode).toBe(404)
    expect((await metrics({ authorization: 'Bearer short' }, '203.0.113.7')).statusCode).toBe(404)
    expect((await metrics({ authorization: token }, '203.0.113.7')).statusCode).toBe(404)
    // The 404 is the site's own, as for any unknown path: nothing says the page exists.
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      remoteAddress: '203.0.113.7',
    })
    const refused = await metrics({}, '203.0.113.7')
    expect(refused.body).toBe(unknown.body.replaceAll('/api/no-such-thing', '/metrics'))
  })

  it('is not found for another site’s page in a browser on this machine (its own host name)', async () => {
    expect((await metrics({ host: 'attacker.example' })).statusCode).toBe(404)
  })

  it('answers the right bearer token from anywhere, through a proxy too', async () => {
    const direct = await metrics({ authorization: `Bearer ${token}` }, '203.0.113.7')
    expect(direct.statusCode).toBe(200)
    const forwarded = await metrics({ authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.4' })
    expect(forwarded.statusCode).toBe(200)
  })

  it('without METRICS_TOKEN, no bearer token opens it', async () => {
    const untokened = await createTestApp()
    try {
      const response = await untokened.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.7',
        headers: { authorization: 'Bearer ' },
      })
      expect(response.statusCode).toBe(404)
    } finally {
      await untokened.close()
    }
  })
})

describe('what /metrics shows', () => {
  it('counts requests by route pattern and status, never by raw URL', async () => {
    const before = await scrape(t)
    const labels = { method: 'GET', route: '/api/gyms/:id', status: '404' }
    const counted = sampleValue(before, 'http_requests_total', labels) ?? 0
    await t.app.inject({ method: 'GET', url: '/api/gyms/no-such-venue-1' })
    await t.app.inject({ method: 'GET', url: '/api/gyms/no-such-venue-2' })
    const after = await scrape(t)
    expect(sampleValue(after, 'http_requests_total', labels)).toBe(counted + 2)
    expect(sampleValue(after, 'http_request_duration_seconds_count', labels)).toBe(counted + 2)
    expect(after.some((sample) => JSON.stringify(sample.labels).includes('no-such-venue'))).toBe(false)
  })

  it('counts a request that matched no route under one label', async () => {
    await t.app.inject({ method: 'GET', url: '/api/nothing/here/1' })
    await t.app.inject({ method: 'POST', url: '/api/nothing/here/2' })
    const after = await scrape(t)
    const routes = new Set(after.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route))
    expect([...routes].some((route) => route?.includes('nothing'))).toBe(false)
    expect(
      sampleValue(after, 'http_requests_total', { method: 'POST', route: 'unmatched', status: '404' }),
    ).toBe(1)
  })

  it('shows the process: CPU, memory and event-loop lag', async () => {
    const samples = await scrape(t)
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(sampleValue(samples, name), name).toBeGreaterThanOrEqual(0)
  })

  it('shows the database pool: connections open, idle, the most, and queries waiting', async () => {
    const samples = await scrape(t)
    expect(sampleValue(samples, 'db_pool_connections', { state: 'open' })).toBeGreaterThanOrEqual(1)
    expect(sampleValue(samples, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0)
    expect(sampleValue(samples, 'db_pool_max_connections')).toBeGreaterThanOrEqual(1)
    expect(sampleValue(samples, 'db_pool_waiting_queries')).toBe(0)
  })

  it('shows the mail outbox’s due mails and how long the oldest has waited, not the ones due later', async () => {
    const mail = (sendAt: Date) => ({
      template: 'booking-confirmation' as MailName,
      to: 'someone@example.bh',
      language: 'en' as const,
      payload: {} as never,
      sendAt,
    })
    await enqueueMail(t.database.db, mail(new Date(clock.getTime() - 90_000)))
    await enqueueMail(t.database.db, mail(new Date(clock.getTime() - 30_000)))
    await enqueueMail(t.database.db, mail(new Date(clock.getTime() + 86_400_000)))
    // Two scrapes more than a second apart: the answer is read afresh, not reused.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const samples = await scrape(t)
    expect(sampleValue(samples, 'mail_outbox_due')).toBe(2)
    expect(sampleValue(samples, 'mail_outbox_oldest_due_age_seconds')).toBe(90)
  })

  it('shows when each periodic job last succeeded, as the job_runs table has it', async () => {
    const at = new Date('2026-12-01T05:30:00Z')
    await t.database.db
      .insertInto('job_runs')
      .values({ name: 'release-expired-holds', last_success_at: at })
      .execute()
    const samples = await scrape(t)
    expect(sampleValue(samples, 'job_last_success_timestamp_seconds', { job: 'release-expired-holds' })).toBe(
      at.getTime() / 1000,
    )
  })

  it('keeps each app’s counts apart: two apps in one process do not share a registry', async () => {
    const other = await createTestApp()
    try {
      await other.app.inject({ method: 'GET', url: '/api/gyms/only-here' })
      const mine = await scrape(t)
      const theirs = await scrape(other)
      const labels = { method: 'GET', route: '/api/gyms/:id', status: '404' }
      expect(sampleValue(theirs, 'http_requests_total', labels)).toBe(1)
      expect(sampleValue(mine, 'http_requests_total', labels)).not.toBe(
        sampleValue(theirs, 'http_requests_total', labels),
      )
    } finally {
      await other.close()
    }
  })
})
