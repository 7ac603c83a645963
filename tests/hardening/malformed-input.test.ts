import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { apiErrorSchema } from '../../src/shared/api-error.ts'
import { isTypedText } from '../../src/shared/typed-text.ts'
import { testOrigin } from '../support/accounts.ts'
import { FakeVision } from '../support/fake-vision.ts'
import type { TestApp } from '../support/test-app.ts'
import { databaseState } from './support/database-state.ts'
import { type EndpointSpec, endpointSpecs } from './support/endpoints.ts'
import { createHardeningApp, type HardeningContext, prepareContext } from './support/hardening-app.ts'
import { malformedCases } from './support/malformed.ts'
import { type MalformedCase, wellFormed } from './support/malformed-draft.ts'
import { hostileStrings } from './support/malformed-values.ts'
import { requiredKeys } from './support/routes.ts'

/** HARDENING_SEED replays another run's requests (each failure names its seed); HARDENING_CASES sends more. */
const seed = Number(process.env.HARDENING_SEED ?? 20_261_201)
const casesPerEndpoint = Number(process.env.HARDENING_CASES ?? 220)
const concurrent = 16

const vision = new FakeVision()
let t: TestApp
let context: HardeningContext
const specs = endpointSpecs(() => context)

beforeAll(async () => {
  await vision.start()
  t = await createHardeningApp(vision)
  context = await prepareContext(t)
})
afterAll(async () => {
  await t?.close()
  await vision.stop()
})

let addresses = 0
/** Every request comes from an address of its own, so the per-IP limits test nothing here. */
function nextAddress(): string {
  addresses++
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`
}

const errorShape = z.strictObject({ error: apiErrorSchema.shape.error.strict() })

function json(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/** A path on our own site: relative (not protocol-relative), or under the public origin. */
const isOwnSite = (location: string) => /^\/(?![/\\])/.test(location) || location.startsWith(`${testOrigin}/`)

/** What is wrong with an answer to a malformed request, or undefined when it is right. */
function verdict(spec: EndpointSpec, answer: LightMyRequestResponse): string | undefined {
  const status = answer.statusCode
  if (status >= 500) return `a ${status}`
  if (status >= 400)
    return errorShape.safeParse(json(answer.body)).success
      ? undefined
      : 'an error without the API’s error shape'
  if (status >= 300) {
    const location = String(answer.headers.location ?? '')
    return spec.redirects && isOwnSite(location) ? undefined : `a ${status} redirect to ${location}`
  }
  if (!spec.ok) return `a ${status}: the malformed request was accepted`
  return spec.ok.safeParse(json(answer.body)).success ? undefined : `a ${status} with an unexpected body`
}

const clip = (text: string | undefined, length = 240) =>
  text === undefined
    ? '(none)'
    : text.length > length
      ? `${text.slice(0, length)}… (${text.length} chars)`
      : text

function describeFailure(
  index: number,
  { label, request }: MalformedCase,
  answer: LightMyRequestResponse,
  problem: string,
) {
  return [
    `#${index} ${label}: ${problem}`,
    `  → ${request.method} ${clip(request.url, 160)} headers ${clip(JSON.stringify(request.headers), 200)}`,
    `    body ${typeof request.payload === 'string' || request.payload === undefined ? clip(request.payload) : `${request.payload.length} bytes`}`,
    `  ← ${answer.statusCode} ${clip(answer.body)}`,
  ].join('\n')
}

it('covers every API endpoint the app serves, and no endpoint it does not', () => {
  expect(specs.map((spec) => spec.key).sort()).toEqual(requiredKeys(t.app))
})

describe(`malformed requests (seed ${seed})`, () => {
  for (const spec of specs) {
    it(`${spec.key}: each is refused with a 4xx in the API's error shape, and nothing is written`, async () => {
      const cases = malformedCases(spec.key, spec, seed, casesPerEndpoint)
      expect(cases.length).toBeGreaterThanOrEqual(200)
      const options = { exceptGuests: spec.createsGuests }
      const before = await databaseState(t.database.db, options)

      const problems: string[] = []
      for (let start = 0; start < cases.length; start += concurrent) {
        const batch = cases.slice(start, start + concurrent)
        const answers = await Promise.all(
          batch.map(({ request }) => t.app.inject({ ...request, remoteAddress: nextAddress() })),
        )
        answers.forEach((answer, i) => {
          const problem = verdict(spec, answer)
          const index = start + i
          if (problem) problems.push(describeFailure(index, cases[index] as MalformedCase, answer, problem))
        })
      }
      const reproduce = `Reproduce with HARDENING_SEED=${seed} npx vitest run tests/hardening/malformed-input.test.ts -t '${spec.key}'`
      expect(
        problems.slice(0, 15),
        `${problems.length} of ${cases.length} answers were wrong. ${reproduce}`,
      ).toEqual([])
      expect(
        await databaseState(t.database.db, options),
        `a malformed request wrote to the database. ${reproduce}`,
      ).toEqual(before)
      expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBeUndefined()

      // The same request unbroken is served as usual, so the refusals were the breakage's doing.
      const control = await t.app.inject({ ...wellFormed(spec, 1_000_000), remoteAddress: nextAddress() })
      expect(control.statusCode, control.body).toBe(spec.control)
    })
  }
})

describe('hostile but well-formed text in free-text fields', () => {
  const texts = Object.entries(hostileStrings).filter(([, text]) => text.trim() !== '')

  it('is stored exactly as sent (trimmed) by the contact form', async () => {
    for (const [what, text] of texts) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: text.slice(0, 120), email: 'hostile@example.bh', subject: what, message: text },
        headers: { origin: testOrigin },
        remoteAddress: nextAddress(),
      })
      expect(response.statusCode, `${what}: ${response.body}`).toBe(201)
      const stored = await t.database.db
        .selectFrom('contact_submissions')
        .select(['name', 'message'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      expect(stored, what).toEqual({ name: text.slice(0, 120).trim(), message: text.trim() })
    }
  })

  it('is stored exactly as sent (trimmed) as a venue’s name, or refused when it is no typed text', async () => {
    const { base } = specs.find((spec) => spec.key === 'POST /api/vendor-applications') as EndpointSpec
    for (const [what, text] of texts.filter(([, text]) => text.length <= 120)) {
      const request = wellFormed({ base }, 2_000_000)
      const payload = { ...JSON.parse(String(request.payload ?? '{}')), venueNameEn: text }
      const response = await t.app.inject({ ...request, payload, remoteAddress: nextAddress() })
      // A name, as a review, takes no control characters and no direction overrides (typed-text.ts).
      if (!isTypedText(text.trim())) {
        expect(response.statusCode, what).toBe(400)
        expect(response.json().error.fields?.venueNameEn, what).toBe('INVALID_TEXT')
        continue
      }
      expect(response.statusCode, `${what}: ${response.body}`).toBe(201)
      const stored = await t.database.db
        .selectFrom('vendor_applications')
        .select('venue_name_en')
        .where('id', '=', response.json().id)
        .executeTakeFirstOrThrow()
      expect(stored.venue_name_en, what).toBe(text.trim())
    }
  })
})

describe('a venue application’s checked fields (docs/decisions/043)', () => {
  const apply = (changes: Record<string, unknown>) => {
    const { base } = specs.find((spec) => spec.key === 'POST /api/vendor-applications') as EndpointSpec
    const request = wellFormed({ base }, 3_000_000)
    const payload = { ...JSON.parse(String(request.payload ?? '{}')), ...changes }
    return t.app.inject({ ...request, payload, remoteAddress: nextAddress() })
  }

  it('refuses a malformed phone, a country off the list and unknown facilities, each with its code', async () => {
    const before = await t.database.db.selectFrom('vendor_applications').select('id').execute()
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ contactPhone: '+973 3612 3456 ext. 9' }, { contactPhone: 'CONTACT_PHONE_INVALID' }],
      [{ contactPhone: '<script>1</script>' }, { contactPhone: 'CONTACT_PHONE_INVALID' }],
      [{ contactPhone: '9'.repeat(41) }, { contactPhone: 'CONTACT_PHONE_INVALID' }],
      [{ contactPhone: '' }, { contactPhone: 'CONTACT_PHONE_REQUIRED' }],
      [{ country: 'Bahrain' }, { country: 'COUNTRY_INVALID' }],
      [{ country: 'bh' }, { country: 'COUNTRY_INVALID' }],
      [{ country: 'US' }, { country: 'COUNTRY_INVALID' }],
      [{ facilities: ['pool', "gym'; DROP TABLE venues;--"] }, { 'facilities.1': 'FACILITY_INVALID' }],
      [{ facilities: ['pool', 'pool'] }, { facilities: 'FACILITY_REPEATED' }],
      [{ facilities: 'pool' }, { facilities: 'FACILITY_INVALID' }],
    ]
    for (const [changes, fields] of cases) {
      const response = await apply(changes)
      expect(response.statusCode, JSON.stringify(changes)).toBe(400)
      expect(response.json().error.fields, JSON.stringify(changes)).toEqual(fields)
    }
    expect(await t.database.db.selectFrom('vendor_applications').select('id').execute()).toEqual(before)
  })
})
