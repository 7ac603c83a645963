import type { Language } from '../../../shared/i18n.ts'
import {
  type AcceptInvitationInput,
  type InviteAnswer,
  invitationHours,
  type OpenInvitation,
} from '../../../shared/invitations.ts'
import { type AuditActor, recordAudit } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { readSignedId } from '../../platform/identity/signed-id.ts'
import { enqueueMail } from '../../platform/mail/outbox.ts'
import { createActivatedAccount } from '../accounts/activated-account.ts'
import { assertVenueInScope, scopeAllows } from '../team/venue-scope.ts'
import { type InvitationScope, invitationNotFound } from './access.ts'
import { findListedInvitation, invitationWithVenue, lockInvitation, stateOf } from './repository.ts'

/**
 * Staff invited by e-mail (docs/decisions/041). Every change runs in one transaction with its audit
 * rows and its mail, so each happens exactly once or not at all.
 */

interface InviteTo {
  email: string
  venueId: string
  language: Language
}

/** Ends the open invitation of this address to this venue, if any: its link stops working. */
async function withdrawOpen(trx: Database, { email, venueId }: InviteTo, now: Date) {
  await trx
    .updateTable('staff_invitations')
    .set({ withdrawn_at: now })
    .where('venue_id', '=', venueId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .execute()
}

/**
 * The venue added to an existing account, which becomes staff if it was a visitor's (an admin's or
 * a manager's role stays). Answers false when the account already had the venue.
 */
async function addVenue(
  trx: Database,
  actor: AuditActor,
  account: { id: string; role: string },
  venueId: string,
  now: Date,
) {
  const userId = account.id
  const role = account.role
  const added = await trx
    .insertInto('venue_staff')
    .values({ user_id: userId, venue_id: venueId, created_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'venue_id']).doNothing())
    .returning('venue_id')
    .executeTakeFirst()
  if (!added) return false
  await recordAudit(trx, actor, {
    action: 'staff.assign',
    entityType: 'user',
    entityId: userId,
    venueId,
    before: { assigned: false },
    after: { assigned: true },
  })
  if (role === 'user') {
    await trx.updateTable('users').set({ role: 'staff', updated_at: now }).where('id', '=', userId).execute()
    await recordAudit(trx, actor, {
      action: 'user.role',
      entityType: 'user',
      entityId: userId,
      before: { role },
      after: { role: 'staff' },
    })
  }
  return true
}

/** Invites inside the caller's transaction: a new invitation with its mail, or the venue added. */
async function inviteIn(trx: Database, actor: AuditActor, to: InviteTo, now: Date): Promise<InviteAnswer> {
  // The venue's row, locked: two invitations of one address to one venue apply one after the other.
  const venue = await trx
    .selectFrom('venues')
    .select('id')
    .where('id', '=', to.venueId)
    .forUpdate()
    .executeTakeFirst()
  if (!venue) throw new HttpError(422, 'GYM_NOT_FOUND')
  const account = await trx
    .selectFrom('users')
    .select(['id', 'role'])
    .where('email', '=', to.email)
    .forUpdate()
    .executeTakeFirst()
  if (account) {
    if (!(await addVenue(trx, actor, account, to.venueId, now))) throw new HttpError(409, 'ALREADY_AT_VENUE')
    await withdrawOpen(trx, to, now)
    await enqueueMail(trx, {
      template: 'staff-venue-added',
      to: to.email,
      language: to.language,
      payload: { venueId: to.venueId },
    })
    return { outcome: 'added', email: to.email, venueId: to.venueId }
  }
  await withdrawOpen(trx, to, now)
  const { id } = await trx
    .insertInto('staff_invitations')
    .values({
      venue_id: to.venueId,
      email: to.email,
      language: to.language,
      invited_by: actor.id,
      created_at: now,
      expires_at: new Date(now.getTime() + invitationHours * 3_600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await recordAudit(trx, actor, {
    action: 'staff.invite',
    entityType: 'invitation',
    entityId: id,
    venueId: to.venueId,
    after: { email: to.email, language: to.language },
  })
  await enqueueMail(trx, {
    template: 'staff-invitation',
    to: to.email,
    language: to.language,
    payload: { invitationId: id },
  })
  const invitation = await findListedInvitation(trx, id, now)
  if (!invitation) throw new Error(`Invitation ${id} vanished in its own transaction`)
  return { outcome: 'invited', invitation }
}

export async function invite(
  db: Database,
  actor: AuditActor,
  scope: InvitationScope,
  to: InviteTo,
  now: Date,
): Promise<InviteAnswer> {
  assertVenueInScope(scope, to.venueId)
  return db.transaction().execute((trx) => inviteIn(trx, actor, to, now))
}

/** The invitation, locked, when the caller may act on it; else 404, as if it did not exist. */
async function lockedInScope(trx: Database, scope: InvitationScope, id: number) {
  const row = await lockInvitation(trx, id)
  if (!row || !scopeAllows(scope, row.venue_id)) throw invitationNotFound()
  if (row.accepted_at) throw new HttpError(409, 'INVITATION_ALREADY_ACCEPTED')
  return row
}

/** Withdraws an invitation: its link stops working. Withdrawing it again changes nothing. */
export async function withdraw(
  db: Database,
  actor: AuditActor,
  scope: InvitationScope,
  id: number,
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    const row = await lockedInScope(trx, scope, id)
    if (!row.withdrawn_at) {
      await trx.updateTable('staff_invitations').set({ withdrawn_at: now }).where('id', '=', id).execute()
      await recordAudit(trx, actor, {
        action: 'staff.invite.withdraw',
        entityType: 'invitation',
        entityId: id,
        venueId: row.venue_id,
        before: { withdrawn: false },
        after: { withdrawn: true },
      })
    }
    const listed = await findListedInvitation(trx, id, now)
    if (!listed) throw invitationNotFound()
    return listed
  })
}

/** Sends an invitation again, pending, expired or withdrawn: a new link for 72 hours, the old one ended. */
export async function resend(db: Database, actor: AuditActor, scope: InvitationScope, id: number, now: Date) {
  return db.transaction().execute(async (trx) => {
    const row = await lockedInScope(trx, scope, id)
    return inviteIn(trx, actor, { email: row.email, venueId: row.venue_id, language: row.language }, now)
  })
}

/** The pending invitation a link opens, or 404 for every other reason (forged, used, withdrawn, expired). */
async function pendingFromLink(db: Database, secret: string, token: string, now: Date) {
  const id = readSignedId(secret, 'staff-invitation', token)
  const row = id === undefined ? undefined : await invitationWithVenue(db, id)
  if (!row || stateOf(row, now) !== 'pending') throw invitationNotFound()
  return row
}

export async function openInvitation(
  db: Database,
  secret: string,
  token: string,
  now: Date,
): Promise<OpenInvitation> {
  const row = await pendingFromLink(db, secret, token, now)
  return {
    email: row.email,
    venueName: { en: row.name_en, ar: row.name_ar },
    language: row.language,
    expiresAt: row.expires_at.toISOString(),
  }
}

/**
 * Accepts an invitation, once: the account is made (staff, activated, with the password the invitee
 * chose) and acts for the venue at once. An address that got an account since the invitation was
 * sent gets the venue added instead, and signs in with its own password. The row is locked and
 * checked again inside the transaction, so of two acceptances of one link the second is a 404.
 */
export async function acceptInvitation(
  db: Database,
  secret: string,
  token: string,
  form: AcceptInvitationInput,
  now: Date,
): Promise<{ venueId: string; email: string; created: boolean }> {
  const id = readSignedId(secret, 'staff-invitation', token)
  if (id === undefined) throw invitationNotFound()
  return db.transaction().execute(async (trx) => {
    const row = await lockInvitation(trx, id)
    if (!row || stateOf(row, now) !== 'pending') throw invitationNotFound()
    const account = await trx
      .selectFrom('users')
      .select(['id', 'email', 'role'])
      .where('email', '=', row.email)
      .forUpdate()
      .executeTakeFirst()
    const userId =
      account?.id ??
      (await createActivatedAccount(trx, {
        email: row.email,
        name: form.name,
        password: form.password,
        role: 'staff',
        at: now,
      }))
    const invitee: AuditActor = { id: userId, email: row.email }
    await addVenue(trx, invitee, { id: userId, role: account?.role ?? 'staff' }, row.venue_id, now)
    await trx
      .updateTable('staff_invitations')
      .set({ accepted_at: now, accepted_by: userId })
      .where('id', '=', id)
      .execute()
    await recordAudit(trx, invitee, {
      action: 'staff.invite.accept',
      entityType: 'invitation',
      entityId: id,
      venueId: row.venue_id,
      after: { accepted: true, accountCreated: !account },
    })
    return { venueId: row.venue_id, email: row.email, created: !account }
  })
}
