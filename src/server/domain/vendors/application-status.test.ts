import { beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import { checkoutClock } from '../../../../tests/support/checkout.ts'
import { setUpMailTest } from '../../../../tests/support/mail-test.ts'
import { vendorApplicationInput } from '../../../../tests/support/vendor-application.ts'
import { applicationStatusLinkDays } from '../../../shared/application-status.ts'
import { signId } from '../../platform/identity/signed-id.ts'

/**
 * The owner is kept informed (docs/decisions/041): the confirmation mail links to a signed status
 * page, and publishing the venue made from the application mails the owner its public link, once.
 */
const publicUrl = 'https://daypass.example'
const m = setUpMailTest({ publicUrl, deliverQueuedBeforeEach: true })
let admin: string

beforeAll(async () => {
  admin = (await signedInUser(m.t, 'status-admin@example.bh', 'admin')).cookie
})

/** The address a message was sent to. */
const addressOf = (message: { to?: { text: string } | { text: string }[] }) =>
  Array.isArray(message.to) ? message.to[0]?.text : message.to?.text

let ip = 0
function send(cookie: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  ip++
  return m.t.app.inject({
    method,
    url,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    remoteAddress: `10.8.${ip >> 8}.${ip & 255}`,
    ...(payload ? { payload } : {}),
  })
}

/** Applies as `email`; answers the application's id and the status link of its confirmation mail. */
async function applyAs(email: string) {
  const response = await send(
    undefined,
    'POST',
    '/api/vendor-applications',
    vendorApplicationInput({ venueNameEn: `Pearl Beach Club ${ip}`, venueEmail: email }),
  )
  expect(response.statusCode, response.body).toBe(201)
  await m.worker.runOnce()
  const mail = m.smtp.messages.findLast((message) => addressOf(message) === email)
  const link = /https:\/\/daypass\.example\/vendors\/status\/([^\s"<]+)/.exec(mail?.text ?? '')
  expect(link, mail?.text).not.toBeNull()
  return { id: Number(response.json().id), token: link?.[1] ?? '' }
}

const status = (token: string) => send(undefined, 'GET', `/api/vendor-applications/status/${token}`)

/** The draft venue finished as the team would: Arabic text, a cover photo. */
async function finishDraft(venueId: string) {
  const db = m.t.database.db
  await db
    .updateTable('venues')
    .set({ name_ar: 'نادي الشاطئ', description_ar: 'مسبح وشاطئ', location_ar: 'السيف' })
    .where('id', '=', venueId)
    .execute()
  await db.updateTable('passes').set({ name_ar: 'تذكرة' }).where('venue_id', '=', venueId).execute()
  await db
    .insertInto('venue_images')
    .values({
      venue_id: venueId,
      position: 0,
      image_key: 'venues/cover.webp',
      alt_en: 'Cover',
      alt_ar: 'غلاف',
    })
    .execute()
}

const publishedMails = () =>
  m.t.database.db.selectFrom('mail_outbox').selectAll().where('template', '=', 'venue-published').execute()

describe('the applicant’s status page', () => {
  it('shows received, then approved, then published with its dates and the public page', async () => {
    const { id, token } = await applyAs('owner@pearl.bh')
    const received = await status(token)
    expect(received.statusCode, received.body).toBe(200)
    expect(received.json()).toEqual({
      reference: `VA-${String(id).padStart(6, '0')}`,
      status: 'received',
      receivedAt: expect.any(String),
      decidedAt: null,
      declineReason: null,
      publishedAt: null,
      venuePath: null,
    })

    const approved = await send(admin, 'POST', `/api/admin/vendor-applications/${id}/approve`)
    expect(approved.statusCode, approved.body).toBe(200)
    const venueId = String(approved.json().venueId)
    expect((await status(token)).json()).toMatchObject({ status: 'approved', decidedAt: expect.any(String) })

    await finishDraft(venueId)
    m.clock.now = new Date(checkoutClock.getTime() + 86_400_000)
    const published = await send(admin, 'POST', `/api/admin/venues/${venueId}/status`, {
      status: 'published',
    })
    expect(published.statusCode, published.body).toBe(200)
    expect((await status(token)).json()).toMatchObject({
      status: 'published',
      publishedAt: m.clock.now.toISOString(),
      venuePath: `/gyms/${venueId}`,
    })
  })

  it('shows a decline with the team’s reason', async () => {
    const { id, token } = await applyAs('declined@pearl.bh')
    const reason = 'We list venues in Bahrain only.'
    expect(
      (await send(admin, 'POST', `/api/admin/vendor-applications/${id}/decline`, { reason })).statusCode,
    ).toBe(200)
    expect((await status(token)).json()).toMatchObject({ status: 'declined', declineReason: reason })
  })

  it('refuses a forged link, another scope’s and an expired one, all alike', async () => {
    const { id, token } = await applyAs('forged@pearl.bh')
    for (const bad of [
      `${id}.${'A'.repeat(43)}`,
      signId('another secret', 'application-status', id),
      signId(m.t.config.AUTH_SECRET, 'staff-invitation', id),
      signId(m.t.config.AUTH_SECRET, 'application-status', id + 1000),
      `${id}`,
    ]) {
      const answer = await status(bad)
      expect(answer.statusCode, bad).toBe(404)
      expect(answer.json().error.code).toBe('STATUS_LINK_NOT_FOUND')
    }
    const row = await m.t.database.db
      .selectFrom('vendor_applications')
      .select('created_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    m.clock.now = new Date(row.created_at.getTime() + applicationStatusLinkDays * 86_400_000 - 1000)
    expect((await status(token)).statusCode).toBe(200)
    m.clock.now = new Date(row.created_at.getTime() + applicationStatusLinkDays * 86_400_000)
    expect((await status(token)).statusCode).toBe(404)
  })
})

describe('publishing tells the owner', () => {
  it('sends exactly one mail per publish, in the application’s language, with the public link', async () => {
    const { id } = await applyAs('live@pearl.bh')
    await m.t.database.db
      .updateTable('vendor_applications')
      .set({ language: 'ar' })
      .where('id', '=', id)
      .execute()
    const venueId = String(
      (await send(admin, 'POST', `/api/admin/vendor-applications/${id}/approve`)).json().venueId,
    )
    await finishDraft(venueId)
    await m.worker.runOnce()
    m.smtp.messages.length = 0
    const before = (await publishedMails()).length
    const publish = () => send(admin, 'POST', `/api/admin/venues/${venueId}/status`, { status: 'published' })
    expect((await publish()).statusCode).toBe(200)
    // Published again while published: nothing changes, nothing is sent.
    expect((await publish()).statusCode).toBe(200)
    expect((await publishedMails()).length).toBe(before + 1)

    await m.worker.runOnce()
    const mails = m.smtp.messages.filter((message) => addressOf(message) === 'live@pearl.bh')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain('نادي الشاطئ')
    expect(mails[0]?.text).toContain(`${publicUrl}/gyms/${venueId}`)
    expect(mails[0]?.text).toContain(`${publicUrl}/vendors/status/`)

    // Suspended and published again: that publish tells the owner again, once.
    await send(admin, 'POST', `/api/admin/venues/${venueId}/status`, { status: 'suspended' })
    expect((await publish()).statusCode).toBe(200)
    expect((await publishedMails()).length).toBe(before + 2)
  })

  it('sends nothing for a venue that came from no application', async () => {
    const before = (await publishedMails()).length
    await send(admin, 'POST', '/api/admin/venues/manama-marina-hotel/status', { status: 'suspended' })
    await send(admin, 'POST', '/api/admin/venues/manama-marina-hotel/status', { status: 'published' })
    expect((await publishedMails()).length).toBe(before)
  })
})
