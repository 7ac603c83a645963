import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { venueScheduleEndpoints as endpoints } from '../../../shared/endpoints/venue-schedule.ts'
import {
  type AffectedBooking,
  affectedBookingSchema,
  type DateExceptionInput,
  type ScheduleChange,
  type WeeklyHoursInput,
} from '../../../shared/venue-schedule.ts'
import { ApiError } from '../../lib/api-client.ts'
import { callApi } from '../../lib/call-api.ts'
import { venueKey } from './api.ts'

/** A venue's schedule for the team: its week, places per slot and upcoming exceptions. */
export const venueScheduleQueryKey = (venueId: string) => ['admin-venue-schedule', venueId] as const

export function useVenueSchedule(venueId: string) {
  return useQuery({
    queryKey: venueScheduleQueryKey(venueId),
    queryFn: () => callApi(endpoints.schedule, { params: { id: venueId } }),
  })
}

type Change =
  | { kind: 'hours'; body: WeeklyHoursInput }
  | { kind: 'exception'; date: string; body: DateExceptionInput }
  | { kind: 'delete'; date: string; confirm: boolean }

function send(venueId: string, change: Change): Promise<ScheduleChange> {
  switch (change.kind) {
    case 'hours':
      return callApi(endpoints.saveHours, { params: { id: venueId }, body: change.body })
    case 'exception':
      return callApi(endpoints.setException, {
        params: { id: venueId, date: change.date },
        body: change.body,
      })
    case 'delete':
      return callApi(endpoints.removeException, {
        params: { id: venueId, date: change.date },
        query: { confirm: change.confirm ? 'true' : undefined },
      })
  }
}

/**
 * Saves a change of the schedule. The answer carries the schedule as it now is, which replaces the
 * cached one: no second request, and the section shows what the server saved.
 */
export function useScheduleChange(venueId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: Change) => send(venueId, change),
    onSuccess: (answer) => {
      queryClient.setQueryData(venueScheduleQueryKey(venueId), answer.schedule)
      // The editor's history lists the change.
      void queryClient.invalidateQueries({ queryKey: venueKey(venueId) })
    },
  })
}

export interface BookingsConflict {
  code: string
  count: number
  params: Record<string, string | number>
  /** The bookings the change would hit, when the server listed them. */
  bookings: AffectedBooking[]
}

const conflictCodes = new Set(['SCHEDULE_AFFECTS_BOOKINGS', 'CLOSURE_AFFECTS_BOOKINGS'])

/** A refusal that asks the manager to confirm: the change would hit existing bookings. */
export function bookingsConflict(error: unknown): BookingsConflict | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || !conflictCodes.has(error.code)) return undefined
  const bookings = z.array(affectedBookingSchema).safeParse(error.details)
  return {
    code: error.code,
    count: Number(error.params.count ?? 0),
    params: error.params,
    bookings: bookings.success ? bookings.data : [],
  }
}
