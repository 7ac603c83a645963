import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { guestSession, signedInUser } from '../../../../tests/support/accounts.ts'
import { smtpOutboxWorker, TestSmtpServer } from '../../../../tests/support/smtp-server.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { noPass, vendorApplicationInput } from '../../../../tests/support/vendor-application.ts'
import type { VendorApplicationInput } from '../../../shared/vendor-application.ts'
import type { OutboxWorker } from '../../platform/mail/worker.ts'

let t: TestApp
const smtp = new TestSmtpServer()
let worker: OutboxWorker
type Account = { id: string; cookie: string }
let manager: Account
let admin: Account
let user: Account
let staff: Account
const origin = 'http://localhost:3000'

beforeAll(async () => {
  await smtp.start()
  t = await createTestApp({ PUBLIC_URL: origin, TEAM_EMAIL: 'team@daypass.bh' })
  worker = smtpOutboxWorker(t.database.db, smtp, t.now)
  manager = await signedInUser(t, 'manager-review@example.bh', 'manager')
  admin = await signedInUser(t, 'admin-review@example.bh', 'admin')
  user = await signedInUser(t, 'user-review@example.bh', 'user')
  staff = await signedInUser(t, 'staff-review@example.bh', 'staff')
})
afterAll(async () => {
  await smtp.stop()
  await t.close()
})
/** Sends what is queued and forgets it, so that a test reads only the mails its decision sends. */
async function flushMails() {
  await worker.runOnce()
  smtp.messages.length = 0
}
beforeEach(flushMails)

const db = () => t.database.db
let ip = 0

/** Sends an application through the open form; its id. */
async function applied(overrides: Partial<VendorApplicationInput> = {}, language = 'en'): Promise<number> {
  ip++
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/vendor-applications',
    payload: vendorApplicationInput(overrides),
    headers: { origin, cookie: `lang=${language}` },
    remoteAddress: `10.8.0.${ip}`,
  })
  expect(response.statusCode, response.body).toBe(201)
  await flushMails()
  return response.json().id
}

function decide(
  id: number | string,
  decision: 'approve' | 'decline',
  payload?: object,
  cookie = manager.cookie,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/vendor-applications/${id}/${decision}`,
    headers: { origin, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  })
}

/** Everything a decision may write, to show that a refused one wrote nothing. */
async function everything() {
  const [applications, venues, passes, mails, audit] = await Promise.all([
    db().selectFrom('vendor_applications').selectAll().orderBy('id').execute(),
    db().selectFrom('venues').selectAll().orderBy('id').execute(),
    db().selectFrom('passes').selectAll().orderBy('id').execute(),
    db().selectFrom('mail_outbox').select(['id', 'template', 'to_address']).orderBy('id').execute(),
    db().selectFrom('audit_log').selectAll().orderBy('id').execute(),
  ])
  return { applications, venues, passes, mails, audit }
}

const mailTo = (address: string) =>
  smtp.messages.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === address)

describe('approving an application', () => {
  it('makes a draft venue with its passes and hours, linked to the application, and tells the applicant', async () => {
    const id = await applied({
      venueNameEn: 'Seef Tower Fitness',
      venueEmail: 'approve@seeftower.bh',
      venueType: 'Gym',
      facilities: ['steam-room', 'gym', 'sauna'],
      otherFacility: 'Padel court',
      dayPasses: {
        ...vendorApplicationInput().dayPasses,
        poolOnly: noPass,
        gymOnly: { selected: true, price: '12.345' },
        poolGym: { selected: true, price: '15', weekendPrice: '18' },
      },
      otherPass: { name: 'Ladies-only swim', price: '6.250', type: 'Adult' },
    })
    const response = await decide(id, 'approve')
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json()
    expect(answer).toMatchObject({
      id,
      status: 'approved',
      decidedByEmail: 'manager-review@example.bh',
      decisionReason: null,
      venueId: 'seef-tower-fitness',
    })
    expect(Date.now() - Date.parse(answer.decidedAt)).toBeLessThan(60_000)

    const venue = await db()
      .selectFrom('venues')
      .selectAll()
      .where('id', '=', 'seef-tower-fitness')
      .executeTakeFirstOrThrow()
    expect(venue).toMatchObject({
      status: 'draft',
      application_id: id,
      name_en: 'Seef Tower Fitness',
      name_ar: '',
      description_en: 'Gym, Sauna, Steam room. Padel court.',
      // Our own names for the facilities in Arabic; the owner's English words stay in English.
      description_ar: 'صالة رياضية، ساونا، غرفة بخار.',
      area_id: 'seef',
      location_en: 'Seef, Manama, Bahrain',
      location_ar: 'السيف، البحرين',
      venue_type: 'fitness-studio',
      // Nobody has rated it: no stars, never a made-up default.
      rating: null,
      facilities: ['gym', 'sauna', 'steam-room'],
      slug: 'seef-tower-fitness',
      sells_from: vendorApplicationInput().availableStartDate,
      sells_until: vendorApplicationInput().availableEndDate,
      capacity_per_slot: 10,
      // The venue hears of its bookings at the address it applied from (docs/decisions/042).
      bookings_email: 'approve@seeftower.bh',
      booking_notices: 'each',
      notice_language: 'en',
    })
    const sixToTen = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]
    expect(venue.weekly_hours).toEqual(Array.from({ length: 7 }, () => sixToTen))
    const others = await db().selectFrom('venues').select('position').where('id', '!=', venue.id).execute()
    for (const other of others) expect(venue.position).toBeGreaterThan(other.position)

    const passes = await db()
      .selectFrom('passes')
      .select([
        'id',
        'pass_type',
        'name_en',
        'name_ar',
        'description_en',
        'weekday_price_fils',
        'weekend_price_fils',
        'position',
      ])
      .where('venue_id', '=', venue.id)
      .orderBy('position')
      .execute()
    expect(passes).toEqual([
      {
        id: 'seef-tower-fitness-gym-only',
        pass_type: 'Gym',
        name_en: 'Gym only',
        name_ar: 'النادي الرياضي فقط',
        description_en: '',
        weekday_price_fils: 12345,
        weekend_price_fils: null,
        position: 0,
      },
      expect.objectContaining({
        id: 'seef-tower-fitness-pool-gym',
        pass_type: 'Fitness',
        weekday_price_fils: 15000,
        weekend_price_fils: 18000,
      }),
      expect.objectContaining({
        id: 'seef-tower-fitness-ladies-only-swim',
        pass_type: 'Adult',
        name_en: 'Ladies-only swim',
        weekday_price_fils: 6250,
      }),
    ])

    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('entity_type', '=', 'application'), eb('entity_id', '=', String(id))]),
          eb('venue_id', '=', venue.id),
        ]),
      )
      .orderBy('id')
      .execute()
    expect(
      audit.map((row) => [row.action, row.entity_type, row.entity_id, row.venue_id, row.actor_email]),
    ).toEqual([
      ['venue.create', 'venue', venue.id, venue.id, 'manager-review@example.bh'],
      ['application.approve', 'application', String(id), venue.id, 'manager-review@example.bh'],
    ])
    expect(audit[0]?.after).toMatchObject({ status: 'draft', application_id: id, passes: expect.any(Array) })

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/vendor-applications/${id}`,
      headers: { cookie: manager.cookie },
    })
    expect(detail.json()).toEqual(answer)
    // A draft is the team's alone until it is published.
    expect((await t.app.inject({ method: 'GET', url: `/api/gyms/${venue.id}` })).statusCode).toBe(404)

    expect(await worker.runOnce()).toBe(1)
    const [mail] = mailTo('approve@seeftower.bh')
    expect(mail?.subject).toBe(`Your application is approved - VA-${String(id).padStart(6, '0')}`)
    expect(mail?.text).toContain('Our team is now preparing your listing')
  })

  it('gives a taken name the next free number, and a name in another script the application’s number', async () => {
    const first = await applied({ venueNameEn: 'Juffair Club' })
    const second = await applied({ venueNameEn: 'Juffair  Club!' })
    const third = await applied({ venueNameEn: 'Juffair Club', venueNameAr: 'نادي الجفير' })
    const arabic = await applied({ venueNameEn: '', venueNameAr: 'نادي السيف', venueType: 'Hotel' })
    expect((await decide(first, 'approve')).json().venueId).toBe('juffair-club')
    expect((await decide(second, 'approve')).json().venueId).toBe('juffair-club-2')
    expect((await decide(third, 'approve')).json().venueId).toBe('juffair-club-3')
    const slugs = await db()
      .selectFrom('venues')
      .select('slug')
      .where('slug', 'like', 'juffair-club%')
      .orderBy('slug')
      .execute()
    expect(slugs.map((row) => row.slug)).toEqual(['juffair-club', 'juffair-club-2', 'juffair-club-3'])
    const answer = (await decide(arabic, 'approve')).json()
    expect(answer.venueId).toBe(`venue-${arabic}`)
    const venue = await db()
      .selectFrom('venues')
      .select(['name_en', 'name_ar', 'venue_type'])
      .where('id', '=', answer.venueId)
      .executeTakeFirstOrThrow()
    expect(venue).toEqual({ name_en: '', name_ar: 'نادي السيف', venue_type: 'hotel' })
  })

  it('fills only the Arabic fields from an application written in Arabic, and keeps every pass’s type', async () => {
    const id = await applied(
      {
        venueNameEn: '',
        venueNameAr: 'نادي الشاطئ الذهبي',
        venueEmail: 'beach@example.bh',
        venueType: 'Beach Club',
        facilities: ['beach-access', 'pool', 'kids-area'],
        otherFacility: 'ملعب كرة طائرة',
        dayPasses: {
          ...vendorApplicationInput().dayPasses,
          poolOnly: noPass,
          gymOnly: noPass,
          family: { selected: true, price: '20', weekendPrice: '25' },
        },
        otherPass: { name: 'تذكرة الأطفال', price: '3', type: 'Kids' },
        availableEndDate: '',
        areaId: 'juffair',
        city: 'المنامة',
      },
      'ar',
    )
    const venueId = (await decide(id, 'approve')).json().venueId
    const venue = await db()
      .selectFrom('venues')
      .selectAll()
      .where('id', '=', venueId)
      .executeTakeFirstOrThrow()
    expect(venue).toMatchObject({
      name_en: '',
      name_ar: 'نادي الشاطئ الذهبي',
      description_en: 'Pool, Kids’ area, Beach access.',
      description_ar: 'مسبح، منطقة الأطفال، دخول الشاطئ. ملعب كرة طائرة.',
      location_en: 'Juffair, Bahrain',
      location_ar: 'الجفير، المنامة، البحرين',
      venue_type: 'beach-club',
      rating: null,
      facilities: ['pool', 'kids-area', 'beach-access'],
      sells_until: null,
    })
    const passes = await db()
      .selectFrom('passes')
      .select(['pass_type', 'name_en', 'name_ar', 'weekday_price_fils', 'weekend_price_fils'])
      .where('venue_id', '=', venueId)
      .orderBy('position')
      .execute()
    expect(passes).toEqual([
      {
        pass_type: 'Family',
        name_en: 'Family pass',
        name_ar: 'تذكرة العائلة',
        weekday_price_fils: 20000,
        weekend_price_fils: 25000,
      },
      {
        pass_type: 'Kids',
        name_en: '',
        name_ar: 'تذكرة الأطفال',
        weekday_price_fils: 3000,
        weekend_price_fils: null,
      },
    ])
  })

  it('writes in Arabic to an applicant who applied in Arabic', async () => {
    const id = await applied({ venueEmail: 'arabic-approve@seeftower.bh' }, 'ar')
    expect((await decide(id, 'approve')).statusCode).toBe(200)
    await worker.runOnce()
    const [mail] = mailTo('arabic-approve@seeftower.bh')
    expect(mail?.subject).toBe(`تمت الموافقة على طلبك - VA-${String(id).padStart(6, '0')}`)
    expect(mail?.html).toContain('dir="rtl"')
  })

  it('answers 409 the second time, and changes nothing: no second venue, no second mail', async () => {
    const id = await applied({ venueNameEn: 'Twice Gym' })
    expect((await decide(id, 'approve')).statusCode).toBe(200)
    const before = await everything()
    for (const again of [decide(id, 'approve'), decide(id, 'decline', { reason: 'Changed our mind' })]) {
      const response = await again
      expect(response.statusCode).toBe(409)
      expect(response.json().error.code).toBe('APPLICATION_ALREADY_DECIDED')
    }
    expect(await everything()).toEqual(before)
  })

  it('lets exactly one of two managers deciding at the same moment win', async () => {
    const id = await applied({ venueNameEn: 'Race Gym', venueEmail: 'race@seeftower.bh' })
    const responses = await Promise.all([
      decide(id, 'approve'),
      decide(id, 'decline', { reason: 'Not in our area' }, admin.cookie),
    ])
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409])
    const row = await db()
      .selectFrom('vendor_applications')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const venues = await db().selectFrom('venues').select('id').where('application_id', '=', id).execute()
    expect(venues.length).toBe(row.status === 'approved' ? 1 : 0)
    const decisions = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'application')
      .where('entity_id', '=', String(id))
      .execute()
    expect(decisions.length).toBe(1)
    expect(await worker.runOnce()).toBe(1)
    expect(mailTo('race@seeftower.bh').length).toBe(1)
  })

  it('answers 404 for an application that does not exist and 400 for an id that is no number', async () => {
    const before = await everything()
    const missing = await decide(999_999, 'approve')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.code).toBe('APPLICATION_NOT_FOUND')
    expect((await decide(999_999, 'decline', { reason: 'Not in Bahrain' })).statusCode).toBe(404)
    for (const bad of ['abc', '0', '-1', '1e3', '0x10', '%201'])
      expect((await decide(bad, 'approve')).statusCode, bad).toBe(400)
    expect(await everything()).toEqual(before)
  })
})

describe('declining an application', () => {
  it('needs a reason of 3 to 1000 characters, and writes nothing without one', async () => {
    const id = await applied()
    const before = await everything()
    for (const [payload, code] of [
      [{}, 'DECLINE_REASON_REQUIRED'],
      [{ reason: '   ' }, 'DECLINE_REASON_REQUIRED'],
      [{ reason: ' no ' }, 'DECLINE_REASON_TOO_SHORT'],
      [{ reason: 'x'.repeat(1001) }, 'DECLINE_REASON_TOO_LONG'],
      [{ reason: 42 }, 'DECLINE_REASON_REQUIRED'],
    ] as const) {
      const response = await decide(id, 'decline', payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().error.fields).toEqual({ reason: code })
    }
    expect((await decide(id, 'decline', { reason: 'Too far', status: 'approved' })).statusCode).toBe(400)
    expect(await everything()).toEqual(before)
  })

  it('keeps the trimmed reason and mails it, as text, in the applicant’s language', async () => {
    const id = await applied({ venueEmail: 'declined@seeftower.bh' }, 'ar')
    const reason = 'We only list venues in Bahrain <b>yet</b> $& {email}'
    const response = await decide(id, 'decline', { reason: `  ${reason}\n` })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      status: 'rejected',
      decisionReason: reason,
      decidedByEmail: 'manager-review@example.bh',
      venueId: null,
    })
    const row = await db()
      .selectFrom('vendor_applications')
      .select(['status', 'decided_by', 'decision_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'rejected', decided_by: manager.id, decision_reason: reason })
    expect(await db().selectFrom('venues').select('id').where('application_id', '=', id).execute()).toEqual(
      [],
    )
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'after'])
      .where('entity_type', '=', 'application')
      .where('entity_id', '=', String(id))
      .execute()
    expect(audit).toEqual([
      {
        action: 'application.decline',
        actor_id: manager.id,
        after: { status: 'rejected', decisionReason: reason },
      },
    ])

    expect(await worker.runOnce()).toBe(1)
    const [mail] = mailTo('declined@seeftower.bh')
    expect(mail?.subject).toBe(`بخصوص طلبك - VA-${String(id).padStart(6, '0')}`)
    expect(mail?.text).toContain('السبب الذي ذكره فريقنا')
    expect(mail?.text).toContain(reason)
    expect(mail?.html).toContain('&lt;b&gt;yet&lt;/b&gt;')
    expect(mail?.html).not.toContain('<b>yet</b>')
  })

  it('writes in English to an applicant who applied in English', async () => {
    const id = await applied({ venueEmail: 'declined-en@seeftower.bh' })
    expect((await decide(id, 'decline', { reason: 'Not a gym' })).statusCode).toBe(200)
    await worker.runOnce()
    const [mail] = mailTo('declined-en@seeftower.bh')
    expect(mail?.subject).toBe(`About your application - VA-${String(id).padStart(6, '0')}`)
    expect(mail?.text).toContain('The reason our team gave:')
    expect(mail?.text).toContain('Not a gym')
  })
})

describe('who may decide', () => {
  it('refuses anonymous visitors and guests with 401, users and staff with 403, and changes nothing', async () => {
    const id = await applied()
    const guest = await guestSession(t)
    const before = await everything()
    for (const [cookie, status] of [
      ['', 401],
      [guest, 401],
      [user.cookie, 403],
      [staff.cookie, 403],
    ] as const) {
      expect((await decide(id, 'approve', undefined, cookie)).statusCode).toBe(status)
      expect((await decide(id, 'decline', { reason: 'Not for us' }, cookie)).statusCode).toBe(status)
    }
    expect(await everything()).toEqual(before)
  })
})
