import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { guestSession, signedInUser } from '../../../tests/support/accounts.ts'
import { smtpOutboxWorker, TestSmtpServer } from '../../../tests/support/smtp-server.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { vendorApplicationInput } from '../../../tests/support/vendor-application.ts'
import { addDays, formatDisplayDate, todayInBahrain } from '../../shared/bahrain-time.ts'
import type { VendorApplicationInput } from '../../shared/vendor-application.ts'
import type { OutboxWorker } from '../platform/mail/worker.ts'

let t: TestApp
const smtp = new TestSmtpServer()
let worker: OutboxWorker
const origin = 'http://localhost:3000'

beforeAll(async () => {
  await smtp.start()
  t = await createTestApp({ PUBLIC_URL: origin, TEAM_EMAIL: 'team@daypass.bh' })
  worker = smtpOutboxWorker(t.database.db, smtp, t.now)
})
afterAll(async () => {
  await smtp.stop()
  await t.close()
})
beforeEach(async () => {
  smtp.messages.length = 0
})

const db = () => t.database.db
const start = addDays(todayInBahrain(), 7)
const end = addDays(todayInBahrain(), 200)

/** An application with a bit of everything: an "Other" facility, a custom pass, prices in each form. */
function application(overrides: Partial<VendorApplicationInput> = {}): VendorApplicationInput {
  return vendorApplicationInput({
    facilities: ['sauna', 'pool'],
    otherFacility: 'Padel court',
    dayPasses: {
      ...vendorApplicationInput().dayPasses,
      poolOnly: { selected: true, price: '8.5' },
      gymOnly: { selected: true, price: '12.345' },
      allInclusive: { selected: true, price: '25' },
    },
    otherPass: { name: 'Ladies-only swim', price: '6.250', type: 'Adult' },
    availableStartDate: start,
    availableEndDate: end,
    ...overrides,
  })
}

let ip = 0
function apply(payload: unknown, headers: Record<string, string> = {}) {
  ip++
  return t.app.inject({
    method: 'POST',
    url: '/api/vendor-applications',
    payload: payload as object,
    headers: { origin, ...headers },
    remoteAddress: `10.7.0.${ip}`,
  })
}

async function counts() {
  const [applications, mails] = await Promise.all([
    db().selectFrom('vendor_applications').select('id').execute(),
    db().selectFrom('mail_outbox').select('id').execute(),
  ])
  return { applications: applications.length, mails: mails.length }
}

describe('POST /api/vendor-applications', () => {
  it('stores the application as pending with prices in fils, and mails the venue and the team', async () => {
    const response = await apply(application())
    expect(response.statusCode).toBe(201)
    const { id, status } = response.json()
    expect(status).toBe('pending')

    const row = await db()
      .selectFrom('vendor_applications')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      status: 'pending',
      venue_name_en: 'Seef Tower Fitness',
      venue_name_ar: '',
      venue_email: 'hello@seeftower.bh',
      contact_phone: '+97336123456',
      venue_type: 'Hotel',
      facility_item: null,
      facilities: ['pool', 'sauna'],
      other_facility_option: 'Padel court',
      country: 'BH',
      available_start_date: start,
      available_end_date: end,
      start_time: '06:00',
      end_time: '22:00',
      language: 'en',
    })
    expect(row.day_passes).toEqual([
      { option: 'poolOnly', priceFils: 8500, weekendPriceFils: null },
      { option: 'gymOnly', priceFils: 12345, weekendPriceFils: null },
      { option: 'allInclusive', priceFils: 25000, weekendPriceFils: null },
      {
        option: 'other',
        label: 'Ladies-only swim',
        priceFils: 6250,
        weekendPriceFils: null,
        passType: 'Adult',
      },
    ])

    expect(await worker.runOnce()).toBe(2)
    const venueMail = smtp.messages.find(
      (mail) => mail.to && 'text' in mail.to && mail.to.text === 'hello@seeftower.bh',
    )
    const reference = `VA-${String(id).padStart(6, '0')}`
    expect(venueMail?.subject).toBe(`We received your application - ${reference}`)
    expect(venueMail?.text).toContain('Thank you for applying')
    expect(venueMail?.text).toContain('Our team reviews every application and will reply to this address')
    expect(venueMail?.text).toContain(reference)

    const teamMail = smtp.messages.find(
      (mail) => mail.to && 'text' in mail.to && mail.to.text === 'team@daypass.bh',
    )
    expect(teamMail?.subject).toBe(
      `New venue application: Seef Tower Fitness (VA-${String(id).padStart(6, '0')})`,
    )
    expect(teamMail?.replyTo?.text).toBe('hello@seeftower.bh')
    for (const detail of [
      'Huda Al Mannai',
      'Pool, Sauna, Padel court',
      '+973 3612 3456',
      'Gym only (Gym): BD 12.345',
      'All inclusive (All Inclusive): BD 25.000',
      'Ladies-only swim (Adult): BD 6.250',
      `${formatDisplayDate(start)} to ${formatDisplayDate(end)}`,
      '06:00 - 22:00',
      'Seef, Manama, Bahrain',
      'http://localhost:3000/admin/vendor-applications',
    ])
      expect(teamMail?.text).toContain(detail)
  })

  it('writes to the venue in Arabic when the applicant used Arabic, and keeps that language', async () => {
    const response = await apply(
      application({ venueNameEn: '', venueNameAr: 'نادي السيف', facilities: [], otherFacility: '' }),
      {
        cookie: 'lang=ar',
      },
    )
    expect(response.statusCode).toBe(201)
    const row = await db()
      .selectFrom('vendor_applications')
      .select(['language', 'other_facility_option'])
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow()
    // No "anything else" was written, so none is kept.
    expect(row).toEqual({ language: 'ar', other_facility_option: null })
    expect(await worker.runOnce()).toBe(2)
    const venueMail = smtp.messages.find((mail) => mail.subject?.includes('تلقّينا طلبك'))
    expect(venueMail?.subject).toBe(`تلقّينا طلبك - VA-${String(response.json().id).padStart(6, '0')}`)
    expect(venueMail?.text).toContain('شكراً لتقديم طلبك')
    expect(venueMail?.text).not.toContain('نادي السيف')
    expect(venueMail?.html).toContain('dir="rtl"')
    expect(smtp.messages.find((mail) => mail.subject?.startsWith('New venue application'))).toBeTruthy()
  })

  it('sends the typed address a fixed confirmation with none of the form’s text: no phishing relay', async () => {
    const lure = 'URGENT: verify your PayPal account at https://evil.example'
    const response = await apply(
      application({
        venueNameEn: lure,
        venueEmail: 'victim@example.bh',
        contactFirstName: 'Click https://evil.example/login',
        contactLastName: 'Support $& Team',
        otherFacility: 'Reset your password at https://evil.example/reset',
        otherPass: { name: 'Call +973 3999 9999 now', price: '1', type: 'Adult' },
        city: 'Pay here city',
      }),
    )
    expect(response.statusCode).toBe(201)
    expect(await worker.runOnce()).toBe(2)
    const venueMail = smtp.messages.find(
      (mail) => mail.to && 'text' in mail.to && mail.to.text === 'victim@example.bh',
    )
    expect(venueMail?.text).toContain('Thank you for applying')
    const everything = `${venueMail?.subject}\n${venueMail?.text}\n${venueMail?.html}`
    for (const typed of [
      lure,
      'evil.example',
      'Click',
      'Support',
      'Reset your password',
      'Call +973',
      'Pay here',
      'Wire money',
    ])
      expect(everything).not.toContain(typed)
    // The team's notice keeps every detail, and the venue's address to answer to.
    const teamMail = smtp.messages.find(
      (mail) => mail.to && 'text' in mail.to && mail.to.text === 'team@daypass.bh',
    )
    expect(teamMail?.text).toContain(lure)
    expect(teamMail?.text).toContain('Support $& Team')
  })

  it('refuses bad input with a message per field, and writes nothing', async () => {
    const before = await counts()
    const response = await apply({
      ...application(),
      venueNameEn: '',
      venueEmail: 'not an address',
      venueType: 'Castle',
      contactPhone: '3612 34ab',
      country: 'Bahrain',
      facilities: ['pool', 'helipad'],
      dayPasses: { ...application().dayPasses, gymOnly: { selected: true, price: '' } },
      otherPass: { name: 'تذكرة الأطفال', price: '3', type: '' },
      startTime: '25:00',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields).toEqual({
      venueNameEn: 'VENUE_NAME_REQUIRED',
      venueNameAr: 'VENUE_NAME_REQUIRED',
      venueEmail: 'EMAIL_INVALID',
      venueType: 'VENUE_TYPE_REQUIRED',
      contactPhone: 'CONTACT_PHONE_INVALID',
      country: 'COUNTRY_INVALID',
      'facilities.1': 'FACILITY_INVALID',
      'otherPass.type': 'OTHER_PASS_TYPE_REQUIRED',
      'dayPasses.gymOnly.price': 'PRICE_REQUIRED',
      startTime: 'START_TIME_REQUIRED',
    })
    expect(await counts()).toEqual(before)
  })

  it('refuses an end date before the start date and a start in the past', async () => {
    const before = await counts()
    const backwards = await apply(application({ availableEndDate: addDays(start, -1) }))
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().error.fields).toEqual({
      availableEndDate: 'END_BEFORE_START',
    })
    const past = await apply(application({ availableStartDate: addDays(todayInBahrain(), -1) }))
    expect(past.json().error.fields).toEqual({ availableStartDate: 'START_DATE_PAST' })
    expect(await counts()).toEqual(before)
  })

  it('refuses fields it does not know, such as a status', async () => {
    const response = await apply({ ...application(), status: 'approved' })
    expect(response.statusCode).toBe(400)
  })

  it('is rate-limited per client', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/vendor-applications',
        payload: application(),
        headers: { origin },
        remoteAddress: '10.7.9.9',
      })
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
  })

  it('is refused from another website', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-applications',
      payload: application(),
      headers: { origin: 'https://evil.example' },
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('the team’s list and details', () => {
  let listedId: number
  beforeAll(async () => {
    const response = await apply(
      application({ venueNameEn: 'Juffair Wellness Club', venueType: 'Fitness Center' }),
    )
    listedId = response.json().id
  })

  const list = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/vendor-applications', headers: cookie ? { cookie } : {} })
  const detail = (id: number | string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/vendor-applications/${id}`,
      headers: cookie ? { cookie } : {},
    })

  it('refuses anonymous visitors and guest sessions with 401', async () => {
    const guest = await guestSession(t)
    for (const cookie of [undefined, guest]) {
      expect((await list(cookie)).statusCode).toBe(401)
      expect((await detail(listedId, cookie)).statusCode).toBe(401)
    }
  })

  it('refuses users and staff with 403', async () => {
    for (const role of ['user', 'staff'] as const) {
      const { cookie } = await signedInUser(t, `${role}-vendors@example.bh`, role)
      const response = await list(cookie)
      expect(response.statusCode, role).toBe(403)
      expect(response.json().error.code).toBe('FORBIDDEN')
      expect((await detail(listedId, cookie)).statusCode, role).toBe(403)
    }
  })

  it('lists every application newest first for managers and admins, and opens one with its prices', async () => {
    for (const role of ['manager', 'admin'] as const) {
      const { cookie } = await signedInUser(t, `${role}-vendors@example.bh`, role)
      const response = await list(cookie)
      expect(response.statusCode, role).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const { applications } = response.json()
      const ids = applications.map((a: { id: number }) => a.id)
      expect(ids).toEqual([...ids].sort((a, b) => b - a))
      expect(applications[0]).toEqual({
        id: listedId,
        status: 'pending',
        venueName: 'Juffair Wellness Club',
        venueNameEn: 'Juffair Wellness Club',
        venueNameAr: '',
        venueType: 'Fitness Center',
        area: { id: 'seef', name: { en: 'Seef', ar: 'السيف' } },
        city: 'Manama',
        contactName: 'Huda Al Mannai',
        venueEmail: 'hello@seeftower.bh',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      })

      const opened = await detail(listedId, cookie)
      expect(opened.statusCode).toBe(200)
      expect(opened.json()).toMatchObject({
        id: listedId,
        contactPhone: '+97336123456',
        facilities: ['pool', 'sauna'],
        otherFacility: 'Padel court',
        availableStartDate: start,
        availableEndDate: end,
        startTime: '06:00',
        endTime: '22:00',
        country: 'BH',
        language: 'en',
        dayPasses: [
          expect.objectContaining({
            option: 'poolOnly',
            passType: 'Pool',
            price: 'BD 8.500',
            weekendPrice: null,
          }),
          expect.objectContaining({ option: 'gymOnly', passType: 'Gym', priceFils: 12345 }),
          expect.objectContaining({ option: 'allInclusive', passType: 'All Inclusive', priceFils: 25000 }),
          expect.objectContaining({
            option: 'other',
            label: 'Ladies-only swim',
            passType: 'Adult',
            priceFils: 6250,
          }),
        ],
      })
      expect((await detail(999999, cookie)).statusCode).toBe(404)
      expect((await detail('abc', cookie)).statusCode).toBe(400)
    }
  })
})
