import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { issueGuestProof } from '../../../src/server/domain/guest-verification/proof.ts'
import { type Answer, failed, type Request, type RequestOptions } from './http.ts'

/** One bookable place: a venue's pass at an hour of a date. */
export interface Place {
  gymId: string
  passId: string
  date: string
  time: string
}

/** Today's date in Bahrain (UTC+3 all year), `days` ahead: yyyy-mm-dd. */
export function bahrainDate(days: number): string {
  return new Date(Date.now() + 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * Places to book at one venue, each slot as often as it has places left: read through `request`
 * from the venue's availability, `days` ahead and on, until `count` are found.
 */
export async function freePlaces(
  request: Request,
  gymId: string,
  passId: string,
  count: number,
  fromDay: number,
) {
  const places: Place[] = []
  for (let day = fromDay; places.length < count && day < fromDay + 30; day++) {
    const date = bahrainDate(day)
    const answer = await request('GET', `/api/gyms/${gymId}/availability?date=${date}`)
    if (answer.status !== 200)
      throw new Error(`availability ${answer.status}: ${JSON.stringify(answer.body)}`)
    for (const slot of answer.body.slots as { time: string; remaining: number; status: string }[])
      if (slot.status === 'open')
        for (let n = 0; n < slot.remaining && places.length < count; n++)
          places.push({ gymId, passId, date, time: slot.time })
  }
  if (places.length < count) throw new Error(`only ${places.length} free places at ${gymId}`)
  return places
}

/** A request that failed as a visitor would see it, and when. */
export interface Failure {
  at: number
  step: string
  status: number
  body: unknown
}

/** What one guest checkout did: its key, its order, and the failed answers it retried past. */
export interface CheckoutResult {
  index: number
  key: string
  email: string
  method: 'card' | 'venue'
  orderIds: Set<string>
  providerOrderId?: string
  status: string
  /** A captured card order's visits, with the guest's manage token for each. */
  bookings?: Array<{ id: number; manageToken: string | null }>
}

/**
 * Guest checkouts as the checkout page makes them: an order with an Idempotency-Key, and for a
 * card the payment's start and its capture. A step that gets no answer or a 5xx is sent again, as
 * the page does, with the same key; each such answer is kept in `failures`.
 */
export class GuestCheckouts {
  readonly failures: Failure[] = []
  readonly servedBy = new Map<string, number>()
  inFlight = 0

  constructor(
    private readonly request: Request,
    private readonly secret: string,
    private readonly tag: string,
  ) {}

  private async send(
    step: string,
    method: string,
    path: string,
    options: RequestOptions,
    expected: number,
    via = this.request,
  ) {
    for (let attempt = 1; ; attempt++) {
      this.inFlight++
      let answer: Answer
      try {
        answer = await via(method, path, options)
      } finally {
        this.inFlight--
      }
      if (answer.servedBy) this.servedBy.set(answer.servedBy, (this.servedBy.get(answer.servedBy) ?? 0) + 1)
      if (answer.status === expected) return answer
      if (!failed(answer) || attempt === 5)
        throw new Error(`${step} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
      this.failures.push({ at: answer.at, step, status: answer.status, body: answer.body })
      await sleep(200 * attempt)
    }
  }

  /** `paymentVia`: where the payment's start is sent, when not where the rest goes. */
  async checkout(
    index: number,
    place: Place,
    method: 'card' | 'venue',
    paymentVia?: Request,
  ): Promise<CheckoutResult> {
    const email = `${this.tag}-${index}@example.bh`
    const ip = `10.${40 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`
    const { proof } = issueGuestProof(this.secret, email, new Date())
    const guest = { firstName: 'Fatima', lastName: 'Al Sayed', email, mobileNumber: '+97333123456', proof }
    const key = randomUUID()
    const result: CheckoutResult = { index, key, email, method, orderIds: new Set(), status: '' }
    const order = await this.send(
      'order',
      'POST',
      '/api/checkout/orders',
      {
        ip,
        headers: { 'idempotency-key': key },
        body: { items: [place], paymentMethod: method, language: 'en', guest },
      },
      201,
    )
    result.orderIds.add(order.body.id)
    result.status = order.body.status
    if (method === 'venue') return result
    const started = await this.send(
      'payment',
      'POST',
      `/api/checkout/orders/${order.body.id}/payment`,
      { ip, body: { proof } },
      200,
      paymentVia,
    )
    result.providerOrderId = started.body.providerOrderId
    const captured = await this.send(
      'capture',
      'POST',
      `/api/checkout/orders/${order.body.id}/capture`,
      { ip, body: { providerOrderId: result.providerOrderId, proof } },
      200,
    )
    result.orderIds.add(captured.body.id)
    result.status = captured.body.status
    result.bookings = captured.body.bookings
    return result
  }
}

/** Runs `tasks` with at most `concurrency` at once; their results in order. */
export async function withConcurrency<T>(concurrency: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++
      results[index] = await (tasks[index] as () => Promise<T>)()
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return results
}
