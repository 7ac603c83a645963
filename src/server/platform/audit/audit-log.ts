import type { Database } from '../db/database.ts'
import type { AccountCaller } from '../identity/caller.ts'

/**
 * The audit log (docs/operating.md): every change the team makes writes one row, in the same transaction as
 * the change, naming who made it, what changed, and the values before and after. A change that
 * rolls back leaves no row; a row never exists without its change.
 */
export interface AuditEntry {
  /** e.g. 'venue.update', 'pass.archive', 'application.approve'. */
  action: string
  entityType: string
  entityId: string | number
  /** The venue the change belongs to, so its history lists it. */
  venueId?: string | null
  before?: unknown
  after?: unknown
}

/** The account an audit entry names: the caller who made the change. */
export type AuditActor = Pick<AccountCaller, 'id' | 'email'>

export async function recordAudit(trx: Database, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: actor.id,
      actor_email: actor.email,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: String(entry.entityId),
      venue_id: entry.venueId ?? null,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute()
}

export interface AuditRecord {
  id: number
  actorEmail: string
  action: string
  entityType: string
  entityId: string
  before: unknown
  after: unknown
  /** ISO 8601. */
  at: string
}

/** A venue's history, newest first: its own changes and those of its passes, hours and photos. */
export async function venueHistory(db: Database, venueId: string, limit = 100): Promise<AuditRecord[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'actor_email', 'action', 'entity_type', 'entity_id', 'before', 'after', 'created_at'])
    .where('venue_id', '=', venueId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    actorEmail: row.actor_email,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    before: row.before,
    after: row.after,
    at: row.created_at.toISOString(),
  }))
}
