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
import type { AccountCaller } from '../../platform/identity/caller.ts'
import { readSignedId } from '../../platform/identity/signed-id.ts'
import { assertVenueInScope, scopeAllows } from '../../platform/identity/venue-scope.ts'
import { enqueueMail } from '../../platform/mail/outbox.ts'
import { claimUnverifiedAccount, createActivatedAccount } from '../accounts/activated-account.ts'
import { type InvitationScope, invitationNotFound, senderMayStillInvite } from './access.ts'
import {
  accountOfAddress,
  findListedInvitation,
  type InvitationRow,
  invitationWithVenue,
  inviterOf,
  lockInvitation,
  stateOf,
  withdrawPendingSentBy,
} from './repository.ts'

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

/**
 * Invites inside the caller's transaction: always a new invitation and its mail, whether or not the
 * address has an account, so the answer tells the inviter nothing about who has one. Nothing is
 * granted until the address's owner accepts through the link (docs/decisions/041).
 */
async function inviteIn(trx: Database, actor: AuditActor, to: InviteTo, now: Date): Promise<InviteAnswer> {
  // The venue's row, locked: two invitations of one address to one venue apply one after the other.
  const venue = await trx
    .selectFrom('venues')
    .select('id')
    .where('id', '=', to.venueId)
    .forUpdate()
    .executeTakeFirst()
  if (!venue) throw new HttpError(422, 'GYM_NOT_FOUND')
  // Already on this venue's staff, which the inviter's staff page shows anyway.
  const atVenue = await trx
    .selectFrom('venue_staff as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('s.user_id')
    .where('u.email', '=', to.email)
    .where('s.venue_id', '=', to.venueId)
    .executeTakeFirst()
  if (atVenue) throw new HttpError(409, 'ALREADY_AT_VENUE')
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

/**
 * A deactivated account's pending invitations end with it (in the deactivation's transaction): an
 * invitation speaks for its sender, who no longer speaks for any venue. Each is audited as withdrawn.
 */
export async function withdrawInvitationsSentBy(
  trx: Database,
  actor: AuditActor,
  inviterId: string,
  now: Date,
) {
  for (const { id, venueId } of await withdrawPendingSentBy(trx, inviterId, now))
    await recordAudit(trx, actor, {
      action: 'staff.invite.withdraw',
      entityType: 'invitation',
      entityId: id,
      venueId,
      before: { withdrawn: false },
      after: { withdrawn: true, reason: 'inviter-deactivated' },
    })
}

/** Sends an invitation again, pending, expired or withdrawn: a new link for 72 hours, the old one ended. */
export async function resend(db: Database, actor: AuditActor, scope: InvitationScope, id: number, now: Date) {
  return db.transaction().execute(async (trx) => {
    const row = await lockedInScope(trx, scope, id)
    return inviteIn(trx, actor, { email: row.email, venueId: row.venue_id, language: row.language }, now)
  })
}

/**
 * An invitation that may still be used: its sender still allowed to invite to its venue (a sender
 * deactivated, demoted or taken off the venue ends it: 410), and pending (404 for every other
 * reason: forged, used, withdrawn, expired).
 */
async function assertUsable(db: Database, row: InvitationRow | undefined, now: Date): Promise<InvitationRow> {
  if (!row) throw invitationNotFound()
  if (
    !row.accepted_at &&
    !(await senderMayStillInvite(db, await inviterOf(db, row.invited_by), row.venue_id))
  )
    throw new HttpError(410, 'INVITATION_INVITER_INACTIVE')
  if (stateOf(row, now) !== 'pending') throw invitationNotFound()
  return row
}

async function pendingFromLink(db: Database, secret: string, token: string, now: Date) {
  const id = readSignedId(secret, 'staff-invitation', token)
  const row = id === undefined ? undefined : await invitationWithVenue(db, id)
  await assertUsable(db, row, now)
  return row as NonNullable<typeof row>
}

export async function openInvitation(
  db: Database,
  secret: string,
  token: string,
  now: Date,
): Promise<OpenInvitation> {
  const row = await pendingFromLink(db, secret, token, now)
  const account = await accountOfAddress(db, row.email)
  return {
    email: row.email,
    venueName: { en: row.name_en, ar: row.name_ar },
    language: row.language,
    expiresAt: row.expires_at.toISOString(),
    // Told to the link's holder only, who has just shown they read the address's mail.
    hasAccount: Boolean(account?.email_verified),
  }
}

/** Marks the invitation accepted by `userId`, with its audit row. */
async function markAccepted(
  trx: Database,
  invitee: AuditActor,
  row: InvitationRow,
  now: Date,
  how: 'created' | 'claimed' | 'agreed',
) {
  await trx
    .updateTable('staff_invitations')
    .set({ accepted_at: now, accepted_by: invitee.id })
    .where('id', '=', row.id)
    .execute()
  await recordAudit(trx, invitee, {
    action: 'staff.invite.accept',
    entityType: 'invitation',
    entityId: row.id,
    venueId: row.venue_id,
    after: { accepted: true, accountCreated: how === 'created', account: how },
  })
}

/** The pending invitation a link names, locked for the transaction, or the error its link answers. */
async function lockedFromLink(trx: Database, secret: string, token: string, now: Date) {
  const id = readSignedId(secret, 'staff-invitation', token)
  if (id === undefined) throw invitationNotFound()
  return assertUsable(trx, await lockInvitation(trx, id), now)
}

/**
 * Accepts an invitation with a name and password, once; the account is then signed in. Holding the
 * link proves the address was read after the invitation was sent, so the holder gets a new staff
 * account, or the account of the address if it was never activated: whoever signed up with it
 * first proved nothing, and their password goes (claimUnverifiedAccount). An activated account
 * is its owner's: they sign in and agree instead (409 INVITATION_SIGN_IN_TO_ACCEPT). The row is
 * locked and checked again inside the transaction, so of two acceptances of one link the second
 * is a 404.
 */
export async function acceptInvitation(
  db: Database,
  secret: string,
  token: string,
  form: AcceptInvitationInput,
  now: Date,
): Promise<{ venueId: string; email: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedFromLink(trx, secret, token, now)
    const account = await accountOfAddress(trx, row.email, { lock: true })
    if (account?.email_verified) throw new HttpError(409, 'INVITATION_SIGN_IN_TO_ACCEPT')
    if (account)
      await claimUnverifiedAccount(trx, account.id, { name: form.name, password: form.password, at: now })
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
    await markAccepted(trx, invitee, row, now, account ? 'claimed' : 'created')
    return { venueId: row.venue_id, email: row.email }
  })
}

/**
 * The owner of an activated account agrees to an invitation to their address: signed in as it, and
 * holding the link that reached it after it was sent. Signed in as another account: 403.
 */
export async function agreeToInvitation(
  db: Database,
  secret: string,
  token: string,
  caller: AccountCaller,
  now: Date,
): Promise<{ venueId: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedFromLink(trx, secret, token, now)
    const account = await accountOfAddress(trx, row.email, { lock: true })
    if (!account?.email_verified || account.id !== caller.id)
      throw new HttpError(403, 'INVITATION_OTHER_ACCOUNT')
    const invitee: AuditActor = { id: account.id, email: row.email }
    await addVenue(trx, invitee, account, row.venue_id, now)
    await markAccepted(trx, invitee, row, now, 'agreed')
    // Told by mail too: an account that gains a venue's desk hears of it where its owner reads.
    await enqueueMail(trx, {
      template: 'staff-venue-added',
      to: row.email,
      language: row.language,
      payload: { venueId: row.venue_id },
    })
    return { venueId: row.venue_id }
  })
}
