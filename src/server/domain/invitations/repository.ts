import type { Selectable } from 'kysely'
import type { Invitation, InvitationState } from '../../../shared/invitations.ts'
import type { Database } from '../../platform/db/database.ts'
import type { StaffInvitationsTable } from '../../platform/db/schema.ts'
import type { InvitationScope } from './access.ts'

export type InvitationRow = Selectable<StaffInvitationsTable>

/** An invitation with its venue's names and its sender's address, as the team's page lists it. */
function invitationsQuery(db: Database) {
  return db
    .selectFrom('staff_invitations as i')
    .innerJoin('venues as v', 'v.id', 'i.venue_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .selectAll('i')
    .select(['v.name_en', 'v.name_ar', 'u.email as invited_by_email'])
}

type ListedRow = InvitationRow & { name_en: string; name_ar: string; invited_by_email: string | null }

export function stateOf(row: InvitationRow, now: Date): InvitationState {
  if (row.accepted_at) return 'accepted'
  if (row.withdrawn_at) return 'withdrawn'
  return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'pending'
}

export function toInvitation(row: ListedRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    venueId: row.venue_id,
    venueName: { en: row.name_en, ar: row.name_ar },
    language: row.language,
    state: stateOf(row, now),
    sentAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    acceptedAt: row.accepted_at?.toISOString() ?? null,
    withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
    invitedBy: row.invited_by_email,
  }
}

/** The newest 200 invitations within the scope. */
export async function listInvitations(db: Database, scope: InvitationScope, now: Date) {
  if (scope.kind === 'venues' && scope.venueIds.length === 0) return []
  let query = invitationsQuery(db).orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').limit(200)
  if (scope.kind === 'venues') query = query.where('i.venue_id', 'in', scope.venueIds)
  return (await query.execute()).map((row) => toInvitation(row, now))
}

export async function findListedInvitation(db: Database, id: number, now: Date) {
  const row = await invitationsQuery(db).where('i.id', '=', id).executeTakeFirst()
  return row && toInvitation(row, now)
}

/** The invitation's row, locked for the rest of the transaction. */
export async function lockInvitation(trx: Database, id: number): Promise<InvitationRow | undefined> {
  return trx.selectFrom('staff_invitations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

/** The venues the scope may invite to, in the catalog's order. */
export async function venueChoices(db: Database, scope: InvitationScope) {
  if (scope.kind === 'venues' && scope.venueIds.length === 0) return []
  let query = db.selectFrom('venues').select(['id', 'name_en', 'name_ar']).orderBy('position').orderBy('id')
  if (scope.kind === 'venues') query = query.where('id', 'in', scope.venueIds)
  return (await query.execute()).map((venue) => ({
    id: venue.id,
    name: { en: venue.name_en, ar: venue.name_ar },
  }))
}

/** An invitation and its venue's names, for its mail and the page its link opens. */
export async function invitationWithVenue(db: Database, id: number) {
  return db
    .selectFrom('staff_invitations as i')
    .innerJoin('venues as v', 'v.id', 'i.venue_id')
    .selectAll('i')
    .select(['v.name_en', 'v.name_ar'])
    .where('i.id', '=', id)
    .executeTakeFirst()
}

export async function venueNames(db: Database, venueId: string) {
  return db
    .selectFrom('venues')
    .select(['id', 'name_en', 'name_ar'])
    .where('id', '=', venueId)
    .executeTakeFirst()
}

/** The account of an address, if any; locked for the transaction when asked. */
export async function accountOfAddress(db: Database, email: string, { lock = false } = {}) {
  const query = db.selectFrom('users').select(['id', 'role', 'email_verified']).where('email', '=', email)
  return (lock ? query.forUpdate() : query).executeTakeFirst()
}

/** Whether an invitation's sender still has an active account: a deactivated or deleted one's do not count. */
export async function inviterOf(db: Database, invitedBy: string | null) {
  if (!invitedBy) return undefined
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'deactivated_at'])
    .where('id', '=', invitedBy)
    .executeTakeFirst()
}

/** Withdraws every pending invitation `inviterId` sent: the ids withdrawn, for the audit log. */
export async function withdrawPendingSentBy(trx: Database, inviterId: string, now: Date) {
  const rows = await trx
    .updateTable('staff_invitations')
    .set({ withdrawn_at: now })
    .where('invited_by', '=', inviterId)
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'venue_id'])
    .execute()
  return rows.map((row) => ({ id: row.id, venueId: row.venue_id }))
}
