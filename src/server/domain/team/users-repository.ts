import { sql } from 'kysely'
import type { Role } from '../../../shared/permissions.ts'
import { type TeamUser, type UserHistoryEntry, userPageSize } from '../../../shared/team.ts'
import type { Database } from '../../platform/db/database.ts'
import { countUserBookings } from '../visits/counts-repository.ts'

interface UserRow {
  id: string
  email: string
  name: string
  role: Role
  deactivated_at: Date | null
  last_sign_in_at: Date | null
  created_at: Date
}

const userColumns = [
  'id',
  'email',
  'name',
  'role',
  'deactivated_at',
  'last_sign_in_at',
  'created_at',
] as const

export function toTeamUser(row: UserRow): TeamUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.deactivated_at === null,
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  }
}

/** Accounts (not guest sessions) whose address or name contains `search`, a page at a time. */
export async function searchUsers(db: Database, search: string | undefined, page: number) {
  let query = db
    .selectFrom('users')
    .where((eb) => eb.or([eb('is_anonymous', 'is', null), eb('is_anonymous', '=', false)]))
  if (search) {
    // LIKE's own wildcards in what was typed are matched literally.
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    query = query.where((eb) =>
      eb.or([eb(sql`lower(email)`, 'like', pattern), eb(sql`lower(name)`, 'like', pattern)]),
    )
  }
  const [rows, count] = await Promise.all([
    query
      .select(userColumns)
      .orderBy('email')
      .limit(userPageSize)
      .offset((page - 1) * userPageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { users: rows.map(toTeamUser), total: Number(count.n) }
}

export async function findUser(db: Database, userId: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(userColumns)
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('is_anonymous', 'is', null), eb('is_anonymous', '=', false)]))
    .executeTakeFirst()
}

/** The account's row, locked until the transaction ends. */
export async function lockUser(trx: Database, userId: string): Promise<UserRow | undefined> {
  return trx
    .selectFrom('users')
    .select(userColumns)
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('is_anonymous', 'is', null), eb('is_anonymous', '=', false)]))
    .forUpdate()
    .executeTakeFirst()
}

/**
 * The active admins, their rows locked in one order: two changes that would each leave one admin
 * wait for each other, and the second sees the first's result (READ COMMITTED re-reads a locked row).
 */
export async function lockActiveAdmins(trx: Database): Promise<string[]> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('deactivated_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute()
  return rows.map((row) => row.id)
}

export async function setRole(trx: Database, userId: string, role: Role): Promise<void> {
  await trx.updateTable('users').set({ role, updated_at: new Date() }).where('id', '=', userId).execute()
}

/** Deactivating ends every session of the account in the same transaction. */
export async function setActive(trx: Database, userId: string, active: boolean): Promise<void> {
  await trx
    .updateTable('users')
    .set({ deactivated_at: active ? null : new Date(), updated_at: new Date() })
    .where('id', '=', userId)
    .execute()
  if (!active) await trx.deleteFrom('sessions').where('user_id', '=', userId).execute()
}

export async function userFacts(db: Database, userId: string) {
  const [bookings, venues] = await Promise.all([
    countUserBookings(db, userId),
    db
      .selectFrom('venue_staff')
      .select('venue_id')
      .where('user_id', '=', userId)
      .orderBy('venue_id')
      .execute(),
  ])
  return { bookings, staffVenueIds: venues.map((row) => row.venue_id) }
}

export async function allVenueNames(db: Database) {
  const rows = await db
    .selectFrom('venues')
    .select(['id', 'name_en', 'name_ar'])
    .orderBy('position')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ id: row.id, name: { en: row.name_en, ar: row.name_ar } }))
}

/** The account's history, newest first: its role, activation and staff venues. */
export async function userHistory(db: Database, userId: string, limit = 100): Promise<UserHistoryEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'actor_email', 'action', 'before', 'after', 'created_at', 'venue_id'])
    .where('entity_type', '=', 'user')
    .where('entity_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    id: Number(row.id),
    actorEmail: row.actor_email,
    action: row.action,
    // A staff venue's change names its venue, which the row keeps beside before and after.
    before: row.venue_id ? { venue: row.venue_id, ...(row.before as object) } : row.before,
    after: row.venue_id ? { venue: row.venue_id, ...(row.after as object) } : row.after,
    at: row.created_at.toISOString(),
  }))
}
