import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { issueGuestProof } from '../../src/server/domain/guest-verification/proof.ts'
import { loadConfig } from '../../src/server/platform/config.ts'
import { freePort } from '../e2e/support/server-process.ts'
import { killLeftovers, startServer, startupLine } from './support/processes.ts'

/**
 * A local demo has one address: the one its start-up line says to open is PUBLIC_URL's default, so a
 * visitor who opens it keeps one cart through a BENEFIT payment in the test mode, whose page and
 * way back are made from PUBLIC_URL. A page opened under the machine's other name is sent there.
 */
let dir = ''
afterAll(async () => {
  killLeftovers()
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** A Tuesday a week or two ahead, as a date in Bahrain: the hotel gym's 10:00 slot is open. */
function aTuesdayAhead(): string {
  const day = new Date(Date.now() + 8 * 86_400_000)
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1)
  return day.toISOString().slice(0, 10)
}

describe('a local demo started with no PUBLIC_URL', () => {
  it('says to open PUBLIC_URL, sends the other local name there, and a BENEFIT test payment stays on it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'one-origin-'))
    const port = String(await freePort())
    const secret = randomBytes(32).toString('base64url')
    const server = startServer({ PORT: port, DATA_DIR: join(dir, 'data'), AUTH_SECRET: secret })
    const { line, listening = '', open } = await startupLine(server)
    const site = loadConfig({ PORT: port }).PUBLIC_URL
    expect(open, line).toBe(site)
    // No other address to open is named anywhere in the start-up output.
    const named = server.output().match(/https?:\/\/[^\s"';,)]+/g) ?? []
    expect(new Set(named.map((url) => new URL(url).origin))).toEqual(new Set([site]))

    // The socket's own name, 127.0.0.1, is another origin: a page there is sent to the site's.
    expect(new URL(listening).origin).not.toBe(site)
    const elsewhere = await fetch(`${listening}/gyms?area=manama`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    })
    expect(elsewhere.status).toBe(307)
    expect(elsewhere.headers.get('location')).toBe(`${site}/gyms?area=manama`)
    // The API still answers under any local name (health checks, scripts).
    expect((await fetch(`${listening}/api/health`)).status).toBe(200)

    // A guest at the address the line names pays with BENEFIT in the test mode.
    const post = (path: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${site}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site, ...headers },
        body: JSON.stringify(body),
      })
    const email = `guest-${randomUUID().slice(0, 8)}@example.bh`
    const proof = issueGuestProof(secret, email, new Date()).proof
    const placed = await post(
      '/api/checkout/orders',
      {
        items: [
          {
            gymId: 'manama-marina-hotel',
            passId: 'manama-marina-hotel-gym',
            date: aTuesdayAhead(),
            time: '10:00',
          },
        ],
        paymentMethod: 'benefit',
        guest: { firstName: 'Fatima', lastName: 'Al Sayed', email, mobileNumber: '+97333123456', proof },
      },
      { 'idempotency-key': randomUUID() },
    )
    expect(placed.status, await placed.clone().text()).toBe(201)
    const order = (await placed.json()) as { id: string }
    const started = await post(`/api/checkout/orders/${order.id}/redirect-payment`, { proof })
    expect(started.status, await started.clone().text()).toBe(200)
    const testPage = new URL(((await started.json()) as { redirectUrl: string }).redirectUrl)
    expect(testPage.origin).toBe(site)
    expect(testPage.pathname).toMatch(/^\/checkout\/test-payment\//)
    // Opened there, the test page is not sent anywhere else.
    const page = await fetch(testPage, { headers: { accept: 'text/html' }, redirect: 'manual' })
    expect(page.headers.get('location')).toBeNull()

    const chargeId = testPage.pathname.split('/').pop() as string
    const decided = await post(`/api/checkout/test-charges/${chargeId}/decision`, { action: 'pay' })
    expect(decided.status, await decided.clone().text()).toBe(200)
    const back = new URL(((await decided.json()) as { redirectUrl: string }).redirectUrl)
    expect(back.origin).toBe(site)
    expect(back.pathname).toBe(`/checkout/orders/${order.id}/result`)

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 600_000)
})
