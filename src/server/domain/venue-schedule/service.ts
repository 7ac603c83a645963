import { todayInBahrain } from '../../../shared/bahrain-time.ts'
import type {
  AffectedBooking,
  DateExceptionInput,
  VenueSchedule,
  WeeklyHoursInput,
} from '../../../shared/venue-schedule.ts'
import { type AuditActor, recordAudit } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { capacityOn, type SlotVenue } from '../catalog/slot-rules.ts'
import { listVenueVisits } from '../visits/lists-repository.ts'
import { hitBookings } from './impact.ts'
import {
  alignSlotCapacity,
  deleteException,
  type ExceptionRecord,
  findVenueSchedule,
  listExceptions,
  lockVenueSchedule,
  type ScheduleVenueRow,
  saveException,
  saveWeeklyHours,
  takenPlaces,
} from './repository.ts'

/**
 * A venue's hours, places per slot and date exceptions (docs/operating.md). A change that would leave out
 * existing bookings (closed times, fewer places than are taken) is refused with 409 and the
 * bookings it hits, until the manager confirms; then it is saved, the bookings stay (the desk
 * contacts their bookers from the list the answer carries), and the slot rules stop selling the
 * closed or full slots. Check and write share one transaction, on the venue's locked row.
 */

const slotVenue = (venue: ScheduleVenueRow): SlotVenue => ({
  status: venue.status,
  weeklyHours: venue.weeklyHours,
  capacityPerSlot: venue.capacityPerSlot,
})

const sortedHours = (hours: readonly number[]) => [...hours].sort((a, b) => a - b)

async function requireLockedVenue(trx: Database, venueId: string): Promise<ScheduleVenueRow> {
  const venue = await lockVenueSchedule(trx, venueId)
  if (!venue) throw new HttpError(404, 'GYM_NOT_FOUND')
  return venue
}

/** The venue's week and its exceptions from today on, each with the bookings it leaves out. */
export async function readSchedule(db: Database, venueId: string, now: Date): Promise<VenueSchedule> {
  const venue = await findVenueSchedule(db, venueId)
  if (!venue) throw new HttpError(404, 'GYM_NOT_FOUND')
  const from = todayInBahrain(now)
  const [exceptions, bookings, taken] = await Promise.all([
    listExceptions(db, venueId, { from }),
    listVenueVisits(db, venueId, { from }),
    takenPlaces(db, venueId, { from }),
  ])
  const week = slotVenue(venue)
  return {
    venueId,
    weeklyHours: venue.weeklyHours.map(sortedHours),
    capacityPerSlot: venue.capacityPerSlot,
    exceptions: exceptions.map((exception) => ({
      ...exception,
      affectedBookings: hitBookings(
        bookings.filter((booking) => booking.date === exception.date),
        taken,
        () => ({ before: { venue: week }, after: { venue: week, exception } }),
      ),
    })),
  }
}

/** Saves the week's hours and places; refused with the bookings it hits unless confirmed. */
export async function saveHours(
  db: Database,
  venueId: string,
  input: WeeklyHoursInput,
  actor: AuditActor,
  now: Date,
): Promise<AffectedBooking[]> {
  return db.transaction().execute(async (trx) => {
    const venue = await requireLockedVenue(trx, venueId)
    const from = todayInBahrain(now)
    const next: ScheduleVenueRow = {
      ...venue,
      weeklyHours: input.weeklyHours.map(sortedHours),
      capacityPerSlot: input.capacityPerSlot,
    }
    const [exceptions, bookings, taken] = await Promise.all([
      listExceptions(trx, venueId, { from }),
      listVenueVisits(trx, venueId, { from }),
      takenPlaces(trx, venueId, { from }),
    ])
    const byDate = new Map(exceptions.map((exception) => [exception.date, exception]))
    const affected = hitBookings(bookings, taken, (date) => ({
      before: { venue: slotVenue(venue), exception: byDate.get(date) },
      after: { venue: slotVenue(next), exception: byDate.get(date) },
    }))
    if (affected.length > 0 && !input.confirm)
      throw new HttpError(409, 'SCHEDULE_AFFECTS_BOOKINGS', {
        params: { count: affected.length },
        details: affected,
      })
    await saveWeeklyHours(trx, venueId, next.weeklyHours, next.capacityPerSlot)
    if (next.capacityPerSlot !== venue.capacityPerSlot)
      await alignSlotCapacity(trx, venueId, next.capacityPerSlot, { from })
    await recordAudit(trx, actor, {
      action: 'venue.hours',
      entityType: 'venue',
      entityId: venueId,
      venueId,
      before: { weeklyHours: venue.weeklyHours, capacityPerSlot: venue.capacityPerSlot },
      after: {
        weeklyHours: next.weeklyHours,
        capacityPerSlot: next.capacityPerSlot,
        confirmed: input.confirm,
      },
    })
    return affected
  })
}

const exceptionEntity = (venueId: string, date: string) => `${venueId}/${date}`

/** Sets one date's exception; refused with the bookings it hits unless confirmed. */
export async function setException(
  db: Database,
  venueId: string,
  date: string,
  input: DateExceptionInput,
  actor: AuditActor,
): Promise<AffectedBooking[]> {
  return db.transaction().execute(async (trx) => {
    const venue = await requireLockedVenue(trx, venueId)
    const [previous] = await listExceptions(trx, venueId, { on: date })
    const next: ExceptionRecord = {
      date,
      closedAllDay: input.closedAllDay,
      // A closed day needs no list of hours: all of them are closed.
      closedHours: input.closedAllDay ? [] : sortedHours(input.closedHours),
      capacity: input.capacity,
      note: input.note ?? '',
    }
    const affected = await bookingsHit(trx, venue, date, previous, next)
    if (affected.length > 0 && !input.confirm)
      throw new HttpError(409, 'CLOSURE_AFFECTS_BOOKINGS', {
        params: { count: affected.length },
        details: affected,
      })
    await saveException(trx, venueId, next)
    const week = slotVenue(venue)
    if (capacityOn(week, next) !== capacityOn(week, previous))
      await alignSlotCapacity(trx, venueId, capacityOn(week, next), { on: date })
    await recordAudit(trx, actor, {
      action: 'venue.exception.set',
      entityType: 'venue_date_exception',
      entityId: exceptionEntity(venueId, date),
      venueId,
      before: previous ?? null,
      after: { ...next, confirmed: input.confirm },
    })
    return affected
  })
}

/**
 * Removes one date's exception: the date follows the week again. Only places can go down this way
 * (an exception that raised them), so the refusal is the week's one, SCHEDULE_AFFECTS_BOOKINGS.
 */
export async function removeException(
  db: Database,
  venueId: string,
  date: string,
  confirm: boolean,
  actor: AuditActor,
): Promise<AffectedBooking[]> {
  return db.transaction().execute(async (trx) => {
    const venue = await requireLockedVenue(trx, venueId)
    const [previous] = await listExceptions(trx, venueId, { on: date })
    if (!previous) throw new HttpError(404, 'EXCEPTION_NOT_FOUND')
    const affected = await bookingsHit(trx, venue, date, previous, undefined)
    if (affected.length > 0 && !confirm)
      throw new HttpError(409, 'SCHEDULE_AFFECTS_BOOKINGS', {
        params: { count: affected.length },
        details: affected,
      })
    await deleteException(trx, venueId, date)
    const week = slotVenue(venue)
    if (capacityOn(week) !== capacityOn(week, previous))
      await alignSlotCapacity(trx, venueId, capacityOn(week), { on: date })
    await recordAudit(trx, actor, {
      action: 'venue.exception.delete',
      entityType: 'venue_date_exception',
      entityId: exceptionEntity(venueId, date),
      venueId,
      before: previous,
      after: null,
    })
    return affected
  })
}

async function bookingsHit(
  trx: Database,
  venue: ScheduleVenueRow,
  date: string,
  before: ExceptionRecord | undefined,
  after: ExceptionRecord | undefined,
): Promise<AffectedBooking[]> {
  const [bookings, taken] = await Promise.all([
    listVenueVisits(trx, venue.id, { on: date }),
    takenPlaces(trx, venue.id, { on: date }),
  ])
  const week = slotVenue(venue)
  return hitBookings(bookings, taken, () => ({
    before: { venue: week, exception: before },
    after: { venue: week, exception: after },
  }))
}
