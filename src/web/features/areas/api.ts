import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminAreaList, AreaFormInput, AreaUpdateInput } from '../../../shared/areas.ts'
import { areaEndpoints } from '../../../shared/endpoints/areas.ts'
import { callApi } from '../../lib/call-api.ts'

/** The areas offered to choose from (the application form): the active ones, named in both languages. */
export function useAreaChoices() {
  return useQuery({ queryKey: ['areas'], queryFn: () => callApi(areaEndpoints.list), staleTime: 60_000 })
}

export const teamAreasQueryKey = ['admin-areas'] as const

/** The team's whole list, inactive areas too, with what stands in each. */
export function useTeamAreas() {
  return useQuery({ queryKey: teamAreasQueryKey, queryFn: () => callApi(areaEndpoints.teamList) })
}

export type AreaChange =
  | { kind: 'create'; body: AreaFormInput }
  | { kind: 'update'; id: string; body: AreaUpdateInput }
  | { kind: 'remove'; id: string }

/** Adds, renames, (de)activates or deletes an area; the answer is the team's list as it now is. */
export function useChangeArea() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: AreaChange): Promise<AdminAreaList> => {
      if (change.kind === 'create') return callApi(areaEndpoints.create, { body: change.body })
      if (change.kind === 'update')
        return callApi(areaEndpoints.update, { params: { id: change.id }, body: change.body })
      return callApi(areaEndpoints.remove, { params: { id: change.id } })
    },
    onSuccess: (list) => {
      queryClient.setQueryData(teamAreasQueryKey, list)
      void queryClient.invalidateQueries({ queryKey: ['areas'], exact: true })
    },
  })
}
