import type { TeamWaitlist, WaitlistEntry, WaitlistJoinRequest } from '../../../shared/waitlist.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { Caller } from '../../platform/identity/caller.ts'
import { assertVenueInScope, type VenueScope } from '../../platform/identity/venue-scope.ts'
import { enqueueMail } from '../../platform/mail/outbox.ts'
import { accountBooker, notVerified, provenEmail } from '../accounts/booker.ts'
import type { CatalogService } from '../catalog/service.ts'
import { priceOrder } from '../orders/pricing.ts'
import { returnOfferedPlaces } from './offers.ts'
import { aheadOf, loadEntry, openEntryOf, venueDayEntries, type WaitlistRow } from './repository.ts'
import { readWaitlistToken, waitlistToken } from './tokens.ts'

export interface WaitlistDeps {
  db: Database
  catalog: CatalogService
  /** AUTH_SECRET: signs the requests' links and checks guests' e-mail proofs. */
  secret: string
  /** The app's clock (docs/decisions/033). */
  now: () => Date
}

type JoinBody = WaitlistJoinRequest & { language: 'en' | 'ar' }

const timeOf = (hour: number) => `${String(hour).padStart(2, '0')}:00`

function notFound(): HttpError {
  return new HttpError(404, 'WAITLIST_NOT_FOUND')
}

/** A request as its visitor sees it: its slot's names and price, its place in line or its offer. */
export async function toWaitlistEntry(deps: WaitlistDeps, row: WaitlistRow): Promise<WaitlistEntry> {
  const item = {
    gymId: row.venue_id,
    passId: row.pass_id,
    date: row.slot_date,
    time: timeOf(row.slot_hour),
    quantity: row.people,
  }
  const { lines } = await priceOrder(deps.catalog, deps.db, [item], { checkPlaces: false })
  const line = lines[0]
  const priceFils = line?.priceFils ?? 0
  return {
    token: waitlistToken(deps.secret, row.id),
    status: row.status,
    gymId: row.venue_id,
    passId: row.pass_id,
    venueName: line?.gymName ?? { en: row.venue_id, ar: row.venue_id },
    passName: line?.passName ?? { en: row.pass_id, ar: row.pass_id },
    date: row.slot_date,
    time: timeOf(row.slot_hour),
    people: row.people,
    ahead: row.status === 'waiting' ? await aheadOf(deps.db, row) : null,
    offerExpiresAt:
      row.status === 'offered' && row.offer_expires_at ? row.offer_expires_at.toISOString() : null,
    priceFils,
    totalFils: priceFils * row.people,
  }
}

/** Who joins: the signed-in account as itself, else the guest whose e-mail proof is current. */
async function joiner(deps: WaitlistDeps, caller: Caller, guest: JoinBody['guest']) {
  const account = await accountBooker(deps.db, caller)
  if (account)
    return {
      userId: account.userId,
      email: account.email.toLowerCase(),
      firstName: account.firstName || null,
    }
  if (!guest) throw notVerified()
  const email = provenEmail(deps.secret, guest.proof, deps.now())
  if (email !== guest.email.trim().toLowerCase()) throw notVerified()
  return { userId: null, email, firstName: null }
}

/**
 * Puts a visitor in line for a slot that cannot take their party: full, or with fewer places left
 * than they are. A slot their party fits is refused (book it instead), as is one that cannot be
 * booked at all (past, closed, unknown) with the slot's own reason. One open request per address
 * and slot: joining again answers the request already in line.
 */
export async function joinWaitlist(
  deps: WaitlistDeps,
  caller: Caller,
  body: JoinBody,
): Promise<WaitlistEntry> {
  const who = await joiner(deps, caller, body.guest)
  const item = {
    gymId: body.gymId,
    passId: body.passId,
    date: body.date,
    time: body.time,
    quantity: body.people,
  }
  const { lines } = await priceOrder(deps.catalog, deps.db, [item], { checkPlaces: true })
  const line = lines[0]
  if (!line) throw notFound()
  const problem = line.problem?.code
  if (!problem) throw new HttpError(409, 'WAITLIST_SLOT_HAS_PLACES')
  if (problem !== 'SLOT_FULL' && problem !== 'PLACES_LEFT') throw new HttpError(409, problem)
  const slot = { venueId: body.gymId, date: body.date, hour: line.hour }
  const existing = await openEntryOf(deps.db, slot, who.email)
  if (existing) return toWaitlistEntry(deps, existing)
  try {
    // The request and the mail that confirms it, together: nothing is mailed for a request not kept.
    const row = await deps.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('waitlist_entries')
        .values({
          venue_id: slot.venueId,
          pass_id: body.passId,
          slot_date: slot.date,
          slot_hour: slot.hour,
          people: body.people,
          user_id: who.userId,
          email: who.email,
          first_name: who.firstName,
          language: body.language,
          joined_at: deps.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await enqueueMail(trx, {
        template: 'waitlist-joined',
        to: inserted.email,
        language: body.language,
        payload: { entryId: inserted.id },
      })
      return inserted
    })
    return toWaitlistEntry(deps, row)
  } catch (error) {
    // The same address joined the same slot at the same moment: answer with that request.
    const raced = await openEntryOf(deps.db, slot, who.email)
    if (raced) return toWaitlistEntry(deps, raced)
    throw error
  }
}

/** The request a signed link names; a forged link, or another request's id, is a 404. */
export async function entryByToken(deps: WaitlistDeps, token: string): Promise<WaitlistRow> {
  const id = readWaitlistToken(deps.secret, token)
  const row = id === undefined ? undefined : await loadEntry(deps.db, id)
  if (!row) throw notFound()
  return row
}

/**
 * Leaves the list: a waiting request simply goes; an offered one's held places go back and on to
 * the next in line, in the same transaction. Leaving again, or after booking, changes nothing.
 */
export async function leaveWaitlist(deps: WaitlistDeps, token: string): Promise<WaitlistEntry> {
  const row = await entryByToken(deps, token)
  const now = deps.now()
  if (row.status === 'waiting' || row.status === 'offered')
    await deps.db.transaction().execute(async (trx) => {
      // Read again under the row's lock: the job may have offered or expired it meanwhile.
      const current = await trx
        .selectFrom('waitlist_entries')
        .select(['status', 'people'])
        .where('id', '=', row.id)
        .forUpdate()
        .executeTakeFirst()
      if (current?.status !== 'waiting' && current?.status !== 'offered') return
      await trx
        .updateTable('waitlist_entries')
        .set({ status: 'left', ended_at: now })
        .where('id', '=', row.id)
        .execute()
      if (current.status === 'offered') {
        const slot = { venueId: row.venue_id, date: row.slot_date, hour: row.slot_hour }
        await returnOfferedPlaces(trx, slot, current.people, now)
      }
    })
  return toWaitlistEntry(deps, (await loadEntry(deps.db, row.id)) ?? row)
}

/** One venue's lists on one date, per slot, first names only: for the desk (staff: their venues). */
export async function teamWaitlist(
  db: Database,
  scope: VenueScope,
  venueId: string,
  date: string,
): Promise<TeamWaitlist> {
  assertVenueInScope(scope, venueId)
  const slots = new Map<number, TeamWaitlist['slots'][number]>()
  for (const row of await venueDayEntries(db, venueId, date)) {
    const slot = slots.get(row.slot_hour) ?? { time: timeOf(row.slot_hour), entries: [] }
    slot.entries.push({
      id: row.id,
      passId: row.pass_id,
      people: row.people,
      status: row.status,
      name: row.first_name ?? 'Guest',
      joinedAt: row.joined_at.toISOString(),
      offerExpiresAt: row.offer_expires_at?.toISOString() ?? null,
    })
    slots.set(row.slot_hour, slot)
  }
  return { slots: [...slots.values()] }
}

/** Who a request belongs to: an account, and the address it joined with. */
interface RequestOwner {
  userId: string
  email: string
}

/** An account's waiting list requests, for its data export: what it asked for and what became of it. */
export async function requestsOf(db: Database, owner: RequestOwner) {
  const rows = await db
    .selectFrom('waitlist_entries')
    .select(['venue_id', 'pass_id', 'slot_date', 'slot_hour', 'people', 'status', 'joined_at'])
    .where((eb) => eb.or([eb('user_id', '=', owner.userId), eb('email', '=', owner.email.toLowerCase())]))
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    venueId: row.venue_id,
    passId: row.pass_id,
    date: row.slot_date,
    time: `${String(row.slot_hour).padStart(2, '0')}:00`,
    people: row.people,
    status: row.status,
    joinedAt: new Date(row.joined_at).toISOString(),
  }))
}

/**
 * Forgets an account's requests when it is deleted, in its transaction: places held for one go
 * back and on to the next in line first, as when leaving, then every request of the account or its
 * address is deleted.
 */
export async function forgetRequestsOf(trx: Database, owner: RequestOwner, now: Date): Promise<void> {
  const offered = await trx
    .selectFrom('waitlist_entries')
    .select(['id', 'venue_id', 'slot_date', 'slot_hour', 'people'])
    .where((eb) => eb.or([eb('user_id', '=', owner.userId), eb('email', '=', owner.email.toLowerCase())]))
    .where('status', '=', 'offered')
    .orderBy('id')
    .forUpdate()
    .execute()
  await trx
    .deleteFrom('waitlist_entries')
    .where((eb) => eb.or([eb('user_id', '=', owner.userId), eb('email', '=', owner.email.toLowerCase())]))
    .execute()
  for (const row of offered)
    await returnOfferedPlaces(
      trx,
      { venueId: row.venue_id, date: row.slot_date, hour: row.slot_hour },
      row.people,
      now,
    )
}
