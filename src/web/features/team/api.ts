import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Role } from '../../../shared/permissions.ts'
import {
  type Announcement,
  announcementSchema,
  type ContactSettings,
  contactSettingsAnswerSchema,
  type Dashboard,
  dashboardSchema,
  type HolidayInput,
  holidayListSchema,
  type UserDetail,
  type UserList,
  userDetailSchema,
  userListSchema,
} from '../../../shared/team.ts'
import { apiFetch } from '../../lib/api-client.ts'

const teamKey = ['team'] as const
const json = (method: string, body?: unknown) => ({
  method,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
})

export function useDashboard() {
  return useQuery({
    queryKey: [...teamKey, 'dashboard'],
    queryFn: () => apiFetch<Dashboard>('/api/admin/dashboard', { parse: dashboardSchema.parse }),
    refetchInterval: 60_000,
  })
}

export function useUsers(search: string, page: number) {
  const query = new URLSearchParams({ page: String(page), ...(search ? { search } : {}) })
  return useQuery({
    queryKey: [...teamKey, 'users', search, page],
    queryFn: () => apiFetch<UserList>(`/api/admin/users?${query}`, { parse: userListSchema.parse }),
    placeholderData: keepPreviousData,
  })
}

const userKey = (id: string) => [...teamKey, 'user', id]

export function useUser(id: string) {
  return useQuery({
    queryKey: userKey(id),
    queryFn: () =>
      apiFetch<UserDetail>(`/api/admin/users/${encodeURIComponent(id)}`, { parse: userDetailSchema.parse }),
  })
}

/** A change to one account: the answer is the account as it now is, history included. */
export function useUserChange(id: string) {
  const queryClient = useQueryClient()
  const base = `/api/admin/users/${encodeURIComponent(id)}`
  return useMutation({
    mutationFn: (change: { role: Role } | { active: boolean } | { venueIds: string[] }) => {
      if ('role' in change)
        return apiFetch<UserDetail>(`${base}/role`, { ...json('PUT', change), parse: userDetailSchema.parse })
      if ('active' in change)
        return apiFetch<UserDetail>(`${base}/${change.active ? 'reactivate' : 'deactivate'}`, {
          ...json('POST', {}),
          parse: userDetailSchema.parse,
        })
      // Staff venues are the desk's staff assignment; the account is then read again.
      return apiFetch(`/api/admin/staff/${encodeURIComponent(id)}/venues`, json('PUT', change)).then(() =>
        apiFetch<UserDetail>(base, { parse: userDetailSchema.parse }),
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
    queryFn: () => apiFetch(`/api/admin/holidays?year=${year}`, { parse: holidayListSchema.parse }),
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
      const parse = holidayListSchema.parse
      if (change.kind === 'add')
        return apiFetch('/api/admin/holidays', { ...json('POST', change.holiday), parse })
      const url = `/api/admin/holidays/${change.date}`
      return change.kind === 'edit'
        ? apiFetch(url, { ...json('PUT', change.holiday), parse })
        : apiFetch(url, { ...json('DELETE'), parse })
    },
    onSuccess: (list) => {
      queryClient.setQueryData(holidaysKey(list.year), list)
    },
  })
}

function useSetting<T>(path: string, parse: (value: unknown) => T) {
  const queryClient = useQueryClient()
  const key = [...teamKey, path]
  const query = useQuery({ queryKey: key, queryFn: () => apiFetch<T>(path, { parse }) })
  const save = useMutation({
    mutationFn: (value: T) => apiFetch<T>(path, { ...json('PUT', value), parse }),
    onSuccess: (value) => queryClient.setQueryData(key, value),
  })
  return { query, save }
}

export const useContactSettings = () =>
  useSetting<ContactSettings>('/api/admin/settings/contact', contactSettingsAnswerSchema.parse)
export const useAnnouncement = () =>
  useSetting<Announcement>('/api/admin/announcement', announcementSchema.parse)
