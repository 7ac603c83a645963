import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TeamCancelRequest } from '../../../shared/cancellations.ts'
import type { DeskPartyAnswer, DeskPaymentMethod, RedeemRequest } from '../../../shared/desk.ts'
import { deskEndpoints, staffEndpoints } from '../../../shared/endpoints/desk.ts'
import { teamVisitEndpoints } from '../../../shared/endpoints/team-visits.ts'
import { waitlistEndpoints } from '../../../shared/endpoints/waitlist.ts'
import { callApi } from '../../lib/call-api.ts'

const deskKey = ['desk'] as const

/** The venues the signed-in member of the team may act for at the desk. */
export function useDeskVenues() {
  return useQuery({
    queryKey: [...deskKey, 'venues'],
    queryFn: () => callApi(deskEndpoints.venues),
  })
}

/** A venue's day by slot; refreshed every 30 s so two desks see each other's check-ins. */
export function useDeskDay(venue: string | undefined, date: string, search: string) {
  return useQuery({
    queryKey: [...deskKey, 'day', venue, date, search],
    queryFn: () => callApi(deskEndpoints.day, { query: { venue: venue ?? '', date, search } }),
    enabled: Boolean(venue),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  })
}

/**
 * A venue's waiting lists for one day, by slot (docs/booking.md, "Waiting list"): refreshed every
 * 30 s like the day, since a cancellation can offer places at any moment.
 */
export function useTeamWaitlist(venue: string | undefined, date: string) {
  return useQuery({
    queryKey: [...deskKey, 'waitlist', venue, date],
    queryFn: () => callApi(waitlistEndpoints.team, { query: { venue: venue ?? '', date } }),
    enabled: Boolean(venue),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  })
}

/** After any change at the desk, the day on screen is read again. */
function useRefreshDay() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: [...deskKey, 'day'] })
}

/** One scan. The caller keeps the nonce for a retry of the same scan, which gets the same answer. */
export function useRedeem() {
  // A party on screen shows the check-in too.
  const refreshAll = useRefreshParty()
  return useMutation({
    mutationFn: (request: RedeemRequest) => callApi(deskEndpoints.redeem, { body: request }),
    onSettled: () => void refreshAll(),
  })
}

export function useDeskPayment() {
  // The party too: its card offers "Undo collect" for what was just taken.
  const refresh = useRefreshParty()
  return useMutation({
    mutationFn: ({ id, method }: { id: number; method: DeskPaymentMethod }) =>
      callApi(deskEndpoints.takePayment, { params: { id }, body: { method } }),
    onSettled: () => void refresh(),
  })
}

/** The party a visit belongs to (any of its visits' ids names it). */
export function useDeskParty(id: number | undefined) {
  return useQuery({
    queryKey: [...deskKey, 'party', id],
    queryFn: () => callApi(deskEndpoints.party, { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
  })
}

/** After a change to a party, the party and the day on screen are read again. */
function useRefreshParty() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: deskKey })
}

/**
 * The party as the action's answer has it, shown at once under each of its visits' ids: the card
 * never says "collected" beside a "Collect" still waiting for the read again.
 */
function useShowParty() {
  const queryClient = useQueryClient()
  return ({ party }: DeskPartyAnswer) => {
    for (const booking of party.bookings)
      queryClient.setQueryData([...deskKey, 'party', booking.id], { party })
  }
}

/** "Check in all": one request; a second tap checks nobody in twice. */
export function useCheckInParty() {
  const refresh = useRefreshParty()
  const show = useShowParty()
  return useMutation({
    mutationFn: ({ id, override }: { id: number; override?: boolean }) =>
      callApi(deskEndpoints.checkInParty, { params: { id }, body: override ? { override } : {} }),
    onSuccess: show,
    onSettled: () => void refresh(),
  })
}

/** Payment at the desk for the whole party at once: the sum of what is due. */
export function usePartyPayment() {
  const refresh = useRefreshParty()
  const show = useShowParty()
  return useMutation({
    mutationFn: ({ id, method }: { id: number; method: DeskPaymentMethod }) =>
      callApi(deskEndpoints.takePartyPayment, { params: { id }, body: { method } }),
    onSuccess: show,
    onSettled: () => void refresh(),
  })
}

/** "Undo collect": the party's desk payments taken back, while its visitors are not checked in. */
export function useUndoPartyPayment() {
  const refresh = useRefreshParty()
  const show = useShowParty()
  return useMutation({
    mutationFn: ({ id }: { id: number }) => callApi(deskEndpoints.undoPartyPayment, { params: { id } }),
    onSuccess: show,
    onSettled: () => void refresh(),
  })
}

/** Marks a no-show (`marked: true`) or takes the mark back. */
export function useNoShow() {
  const refresh = useRefreshDay()
  return useMutation({
    mutationFn: ({ id, marked }: { id: number; marked: boolean }) =>
      marked
        ? callApi(deskEndpoints.markNoShow, { params: { id }, body: {} })
        : callApi(deskEndpoints.clearNoShow, { params: { id } }),
    onSettled: () => void refresh(),
  })
}

/**
 * The team cancels one visit, with the reason the visitor will read (POST /api/team/bookings/:id/cancel);
 * a manager overriding the desk adds the override's reason and, for a visit paid online, the refund.
 */
export function useTeamCancel() {
  const refresh = useRefreshDay()
  return useMutation({
    mutationFn: ({ id, ...request }: Omit<TeamCancelRequest, 'scope'> & { id: number }) =>
      callApi(teamVisitEndpoints.cancel, { params: { id }, body: { ...request, scope: 'visit' } }),
    onSettled: () => void refresh(),
  })
}

/** A manager records that a cancelled visit's desk payment was given back at the desk. */
export function useDeskRefund() {
  const refresh = useRefreshDay()
  return useMutation({
    mutationFn: ({ id, method }: { id: number; method: DeskPaymentMethod }) =>
      callApi(deskEndpoints.givePaymentBack, { params: { id }, body: { method } }),
    onSettled: () => void refresh(),
  })
}

const staffKey = ['admin-staff'] as const

export function useStaffList() {
  return useQuery({
    queryKey: staffKey,
    queryFn: () => callApi(staffEndpoints.list),
  })
}

export function useSetStaffVenues() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, venueIds }: { userId: string; venueIds: string[] }) =>
      callApi(staffEndpoints.setVenues, { params: { userId }, body: { venueIds } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: staffKey }),
  })
}
