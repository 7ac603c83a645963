import type { AccountExport } from '../../../shared/account-data.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { anonymiseUserOrders, listUserOrders } from '../checkout/order-repository.ts'
import { forgetReviewsOf, reviewsForExport } from '../reviews/service.ts'
import { lockActiveAdmins } from '../team/users-repository.ts'
import { toBooking } from '../visits/booking-shape.ts'
import { anonymiseUserBookings } from '../visits/change-repository.ts'
import { listUserVisitRows } from '../visits/repository.ts'
import { forgetRequestsOf, requestsOf } from '../waitlist/service.ts'

const iso = (date: Date) => date.toISOString()

/**
 * Everything kept about one account, found by its id and by its own (verified) address: nothing
 * here is looked up by anything the request says. Contact attachments are named, not included.
 */
export async function exportAccountData(db: Database, userId: string, now: Date): Promise<AccountExport> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
  const email = user.email.toLowerCase()
  const [profile, sessions, orders, bookings, contacts, newsletter, applications, waitlist, reviews] =
    await Promise.all([
      db.selectFrom('user_profiles').selectAll().where('id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('sessions')
        .select(['created_at', 'expires_at', 'ip_address', 'user_agent'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      listUserOrders(db, userId),
      listUserVisitRows(db, userId).then((rows) => rows.map(toBooking)),
      db
        .selectFrom('contact_submissions')
        .select(['name', 'email', 'subject', 'message', 'attachment_name', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('newsletter_subscriptions')
        .select(['email', 'language', 'created_at'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .executeTakeFirst(),
      db
        .selectFrom('vendor_applications')
        .select([
          'id',
          'status',
          'venue_name_en',
          'venue_name_ar',
          'venue_email',
          'contact_first_name',
          'contact_last_name',
          'created_at',
        ])
        .where((eb) => eb(eb.fn('lower', ['venue_email']), '=', email))
        .orderBy('id')
        .execute(),
      requestsOf(db, { userId, email }),
      reviewsForExport(db, userId),
    ])
  return {
    exportedAt: iso(now),
    account: {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.email_verified,
      role: user.role,
      createdAt: iso(user.created_at),
    },
    profile: profile
      ? {
          firstName: profile.first_name,
          middleName: profile.middle_name,
          lastName: profile.last_name,
          birthday: profile.birthday,
          mobileNumber: profile.mobile_number,
        }
      : null,
    sessions: sessions.map((row) => ({
      createdAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
      ipAddress: row.ip_address,
      userAgent: row.user_agent,
    })),
    orders: orders.map((row) => ({
      id: row.id,
      status: row.status,
      paymentMethod: row.payment_method,
      totalFils: row.total_fils,
      contactEmail: row.contact_email,
      createdAt: iso(row.created_at),
    })),
    bookings,
    contactSubmissions: contacts.map((row) => ({
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      attachmentName: row.attachment_name,
      createdAt: iso(row.created_at),
    })),
    newsletterSubscription: newsletter
      ? { email: newsletter.email, language: newsletter.language, createdAt: iso(newsletter.created_at) }
      : null,
    vendorApplications: applications.map((row) => ({
      id: Number(row.id),
      status: row.status,
      venueName: [row.venue_name_en, row.venue_name_ar].filter(Boolean).join(' / '),
      venueEmail: row.venue_email,
      contactFirstName: row.contact_first_name,
      contactLastName: row.contact_last_name,
      createdAt: iso(row.created_at),
    })),
    waitlistRequests: waitlist,
    reviews,
  }
}

/** The password hash of the account's e-mail-and-password sign-in, if it has one. */
export async function passwordHashOf(db: Database, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('password')
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .executeTakeFirst()
  return row?.password ?? undefined
}

/**
 * Deletes the account in one transaction: the user row (its profile, sessions and sign-in methods
 * go with it, by foreign key), its messages, newsletter subscription, mails, codes and tokens.
 * Bookings and orders stay, anonymised, for the venues' and the accounts' records; its reviews go
 * (docs/decisions/051). Vendor
 * applications are the venue's, not the person's, and stay (docs/decisions/017).
 *
 * The last active admin cannot delete their own account, as they can be neither demoted nor
 * deactivated: the active admins' rows are locked first, in the order the team's changes lock them,
 * so two admins deleting themselves at once wait for each other and the second finds itself the last.
 */
export async function deleteAccount(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ reviewsDeleted: number }> {
  return db.transaction().execute(async (trx) => {
    const admins = await lockActiveAdmins(trx)
    if (admins.length <= 1 && admins.includes(userId)) throw new HttpError(409, 'LAST_ADMIN_DELETE')
    const user = await trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst()
    if (!user) return { reviewsDeleted: 0 }
    const email = user.email.toLowerCase()
    await forgetRequestsOf(trx, { userId, email }, now)
    const reviewsDeleted = await forgetReviewsOf(trx, userId)
    await anonymiseUserBookings(trx, userId)
    await anonymiseUserOrders(trx, userId)
    await trx.deleteFrom('contact_submissions').where('user_id', '=', userId).execute()
    await trx
      .deleteFrom('newsletter_subscriptions')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .execute()
    await trx
      .deleteFrom('dev_mailbox')
      .where((eb) => eb(eb.fn('lower', ['to_address']), '=', email))
      .execute()
    await trx
      .deleteFrom('mail_outbox')
      .where((eb) => eb(eb.fn('lower', ['to_address']), '=', email))
      .execute()
    await trx.deleteFrom('guest_email_codes').where('email', '=', email).execute()
    await trx.deleteFrom('verifications').where('value', '=', userId).execute()
    await trx.deleteFrom('users').where('id', '=', userId).execute()
    return { reviewsDeleted }
  })
}
