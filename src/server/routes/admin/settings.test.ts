import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { line } from '../../../../tests/support/checkout.ts'
import { book, createDeskTest, type DeskTest, send, venueA } from '../../../../tests/support/desk.ts'
import { mailTemplates } from '../../mail-templates.ts'
import { renderMail } from '../../platform/mail/templates/render.tsx'

let d: DeskTest
beforeAll(async () => {
  d = await createDeskTest()
})
afterAll(() => d.t.close())

/** A Thursday, a weekday: no holiday in the seed. */
const visit = '2026-12-10'
const quote = async (date: string) => {
  const response = await send(d.t, undefined, 'POST', '/api/checkout/quote', { items: [line({ date })] })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().lines[0].priceFils as number
}

describe('public holidays (canAccessSettings)', () => {
  it('lists a year, and an edit reprices the next quote but not a booking already made', async () => {
    const listed = (await send(d.t, d.admin, 'GET', '/api/admin/holidays?year=2026')).json()
    expect(listed.holidays.map((h: { date: string }) => h.date)).toContain('2026-12-16')
    const weekday = await quote(visit)
    const booked = await book(d.t, { date: visit, time: '10:00' })
    expect(booked.price_fils).toBe(weekday)

    const name = { en: 'Team test day', ar: 'يوم اختبار' }
    const added = await send(d.t, d.admin, 'POST', '/api/admin/holidays', { date: visit, name })
    expect(added.statusCode, added.body).toBe(201)
    const holiday = await quote(visit)
    expect(holiday).toBeGreaterThan(weekday)
    const again = await send(d.t, d.admin, 'POST', '/api/admin/holidays', { date: visit, name })
    expect(again.json().error.code).toBe('HOLIDAY_EXISTS')

    // Moved a day on: the tenth is a weekday again, the eleventh (a Friday) is priced as a holiday.
    const moved = await send(d.t, d.admin, 'PUT', `/api/admin/holidays/${visit}`, {
      date: '2026-12-09',
      name,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await quote(visit)).toBe(weekday)
    expect(await quote('2026-12-09')).toBe(holiday)
    const removed = await send(d.t, d.admin, 'DELETE', '/api/admin/holidays/2026-12-09')
    expect(removed.json().holidays.map((h: { date: string }) => h.date)).not.toContain('2026-12-09')
    expect(await quote('2026-12-09')).toBe(weekday)

    const row = await d.t.database.db
      .selectFrom('confirmed_bookings')
      .select('price_fils')
      .where('id', '=', booked.id)
      .executeTakeFirstOrThrow()
    expect(row.price_fils).toBe(weekday)
    const audit = await d.t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'holiday')
      .orderBy('id')
      .execute()
    expect(audit.map((r) => r.action)).toEqual(['holiday.create', 'holiday.update', 'holiday.delete'])
  })

  it('refuses a missing holiday, bad years and anyone without the permission', async () => {
    expect((await send(d.t, d.admin, 'DELETE', '/api/admin/holidays/2026-02-02')).statusCode).toBe(404)
    expect((await send(d.t, d.admin, 'GET', '/api/admin/holidays?year=99')).statusCode).toBe(400)
    for (const [cookie, status] of [
      [undefined, 401],
      [d.user, 403],
      [d.staffA.cookie, 403],
      [d.manager, 403],
    ] as const)
      expect((await send(d.t, cookie, 'GET', '/api/admin/holidays?year=2026')).statusCode).toBe(status)
  })
})

describe('the team’s contact details in mails (canAccessSettings)', () => {
  it('puts the address and support line set by the team in every mail’s footer', async () => {
    const contact = { email: 'help@daypass.bh', phone: '+973 1700 0000' }
    const saved = await send(d.t, d.admin, 'PUT', '/api/admin/settings/contact', contact)
    // Stored as E.164; shown formatted.
    expect(saved.json()).toEqual({ email: 'help@daypass.bh', phone: '+97317000000' })
    expect((await send(d.t, d.manager, 'PUT', '/api/admin/settings/contact', contact)).statusCode).toBe(403)
    const booked = await book(d.t, { date: visit, time: '11:00' })
    const links = { secret: d.t.config.AUTH_SECRET, siteUrl: 'http://localhost:3000' }
    // The confirmation, the reminder the day before, and the cancellation.
    for (const template of ['booking-confirmation', 'booking-reminder', 'booking-cancellation']) {
      const mail = await renderMail(
        mailTemplates,
        template,
        'en',
        { bookingId: booked.id },
        d.t.database.db,
        links,
        d.clock.now,
      )
      expect(mail.text, template).toContain('help@daypass.bh')
      expect(mail.text, template).toContain('+973 1700 0000')
      expect(mail.text, template).not.toContain('admin@daypass.bh')
    }
  })

  it('takes the support line as people write it, and refuses what is not a number', async () => {
    const put = (phone: string) =>
      send(d.t, d.admin, 'PUT', '/api/admin/settings/contact', { email: 'help@daypass.bh', phone })
    for (const written of ['17000000', '00973 1700-0000', '+٩٧٣ ١٧٠٠ ٠٠٠٠', '۱۷۰۰۰۰۰۰']) {
      const saved = await put(written)
      expect(saved.statusCode, saved.body).toBe(200)
      expect(saved.json().phone, written).toBe('+97317000000')
    }
    for (const [wrong, code] of [
      ['1700', 'PHONE_TOO_SHORT'],
      ['+973 1700 0000 ext 5', 'SUPPORT_PHONE_INVALID'],
      ['call us', 'SUPPORT_PHONE_INVALID'],
    ] as const) {
      const refused = await put(wrong)
      expect(refused.statusCode, wrong).toBe(400)
      expect(refused.json().error.fields.phone, wrong).toBe(code)
    }
    // None given is allowed: mails then show the address only.
    expect((await put('')).json().phone).toBe('')
  })
})

describe('the home page’s announcement (canEditContent)', () => {
  it('shows in both languages until its end date, for managers to set', async () => {
    const banner = { en: 'Eid hours apply', ar: 'تطبق ساعات العيد', endsOn: '2026-12-02' }
    expect((await send(d.t, d.staffA.cookie, 'PUT', '/api/admin/announcement', banner)).statusCode).toBe(403)
    expect((await send(d.t, d.manager, 'PUT', '/api/admin/announcement', banner)).statusCode).toBe(200)
    const shown = (await send(d.t, undefined, 'GET', '/api/announcement')).json()
    expect(shown).toEqual({ announcement: { en: 'Eid hours apply', ar: 'تطبق ساعات العيد' } })
    d.clock.now = new Date('2026-12-02T21:00:00Z') // 00:00 on the 3rd in Bahrain
    expect((await send(d.t, undefined, 'GET', '/api/announcement')).json()).toEqual({ announcement: null })
    d.clock.now = new Date('2026-12-01T05:30:00Z')
    const oneSided = await send(d.t, d.manager, 'PUT', '/api/admin/announcement', { ...banner, ar: '' })
    expect(oneSided.json().error, oneSided.body).toMatchObject({
      fields: { ar: 'ANNOUNCEMENT_BOTH_LANGUAGES' },
    })
  })
})

describe('the team’s home (canViewDashboard)', () => {
  it('counts today in Bahrain, and staff see their venues only', async () => {
    const today = await book(d.t, { date: '2026-12-01', time: '10:00' })
    const everything = (await send(d.t, d.manager, 'GET', '/api/admin/dashboard')).json()
    expect(everything.date).toBe('2026-12-01')
    expect(everything.expected).toBeGreaterThanOrEqual(1)
    expect(everything.dueAtVenueFils).toBeGreaterThanOrEqual(today.price_fils)
    const staff = (await send(d.t, d.staffB.cookie, 'GET', '/api/admin/dashboard')).json()
    expect(staff).toMatchObject({ expected: 0, dueAtVenueFils: 0, applicationsWaiting: 0 })
    const own = (await send(d.t, d.staffA.cookie, 'GET', '/api/admin/dashboard')).json()
    expect(own.expected).toBe(everything.expected)
    expect(today.venue_id).toBe(venueA)
    expect((await send(d.t, d.user, 'GET', '/api/admin/dashboard')).statusCode).toBe(403)
  })
})
