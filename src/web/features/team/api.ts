import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Route } from '../../../shared/endpoints/define.ts'
import { setStaffVenuesRoute } from '../../../shared/endpoints/desk-routes.ts'
import {
  contentEndpoints,
  dashboardEndpoints,
  settingsEndpoints,
  userEndpoints,
} from '../../../shared/endpoints/team.ts'
import type { Role } from '../../../shared/permissions.ts'
import type { Announcement, ContactSettings, HolidayInput, UserDetail } from '../../../shared/team.ts'
import { callApi } from '../../lib/call-api.ts'

const teamKey = ['team'] as const

export function useDashboard() {
  return useQuery({
    queryKey: [...teamKey, 'dashboard'],
    queryFn: () => callApi(dashboardEndpoints.today),
    refetchInterval: 60_000,
  })
}

export function useUsers(search: string, page: number) {
  return useQuery({
    queryKey: [...teamKey, 'users', search, page],
    queryFn: () => callApi(userEndpoints.list, { query: { page, search } }),
    placeholderData: keepPreviousData,
  })
}

const userKey = (id: string) => [...teamKey, 'user', id]

export function useUser(id: string) {
  return useQuery({
    queryKey: userKey(id),
    queryFn: () => callApi(userEndpoints.detail, { params: { userId: id } }),
  })
}

/** A change to one account: the answer is the account as it now is, history included. */
export function useUserChange(id: string) {
  const queryClient = useQueryClient()
  const params = { userId: id }
  return useMutation({
    mutationFn: (
      change: { role: Role } | { active: boolean } | { venueIds: string[] },
    ): Promise<UserDetail> => {
      if ('role' in change) return callApi(userEndpoints.changeRole, { params, body: change })
      if ('active' in change)
        return callApi(change.active ? userEndpoints.reactivate : userEndpoints.deactivate, {
          params,
          body: {},
        })
      // Staff venues are the desk's staff assignment; the account is then read again.
      return callApi<typeof setStaffVenuesRoute, unknown>(setStaffVenuesRoute, { params, body: change }).then(
        () => callApi(userEndpoints.detail, { params }),
      )
    },
    onSuccess: (detail) => {
      queryClient.setQueryData(userKey(id), detail)
      void queryClient.invalidateQueries({ queryKey: [...teamKey, 'users'] })
    },
  })
}

const holidaysKey = (year: number) => [...teamKey, 'holidays', year]

export function useHolidays(year: number) {
  return useQuery({
    queryKey: holidaysKey(year),
    queryFn: () => callApi(settingsEndpoints.holidays, { query: { year } }),
  })
}

export function useHolidayChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'add'; holiday: HolidayInput }
        | { kind: 'edit'; date: string; holiday: HolidayInput }
        | { kind: 'delete'; date: string },
    ) => {
      if (change.kind === 'add') return callApi(settingsEndpoints.addHoliday, { body: change.holiday })
      const params = { date: change.date }
      return change.kind === 'edit'
        ? callApi(settingsEndpoints.editHoliday, { params, body: change.holiday })
        : callApi(settingsEndpoints.removeHoliday, { params })
    },
    onSuccess: (list) => {
      queryClient.setQueryData(holidaysKey(list.year), list)
    },
  })
}

/** A setting read by one endpoint and saved whole by another at the same path. */
function useSetting<T>(read: Route, save: Route) {
  const queryClient = useQueryClient()
  const key = [...teamKey, read.path]
  const query = useQuery({ queryKey: key, queryFn: () => callApi<Route, T>(read) })
  const saving = useMutation({
    mutationFn: (value: T) => callApi<Route, T>(save, { body: value }),
    onSuccess: (value) => queryClient.setQueryData(key, value),
  })
  return { query, save: saving }
}

export const useContactSettings = () =>
  useSetting<ContactSettings>(settingsEndpoints.contact, settingsEndpoints.saveContact)
export const useAnnouncement = () =>
  useSetting<Announcement>(contentEndpoints.announcement, contentEndpoints.saveAnnouncement)
