import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DeclineApplication } from '../../../shared/application-review.ts'
import {
  type ApplicationDetail,
  type ApplicationList,
  applicationDetailSchema,
  applicationListSchema,
  submittedApplicationSchema,
  type VendorApplication,
} from '../../../shared/vendor-application.ts'
import { apiFetch } from '../../lib/api-client.ts'

/** Sends an application; the answer carries its number, for the applicant's reference. */
export function submitVendorApplication(application: VendorApplication) {
  return apiFetch('/api/vendor-applications', {
    method: 'POST',
    body: JSON.stringify(application),
    parse: submittedApplicationSchema.parse,
  })
}

export const vendorApplicationsQueryKey = ['vendor-applications'] as const

/** The team's list of applications, newest first. */
export function useVendorApplications() {
  return useQuery({
    queryKey: vendorApplicationsQueryKey,
    queryFn: () =>
      apiFetch<ApplicationList>('/api/admin/vendor-applications', { parse: applicationListSchema.parse }),
  })
}

const applicationKey = (id: number | undefined) => [...vendorApplicationsQueryKey, id] as const

/** One application with everything in it, loaded when the team opens it. */
export function useVendorApplication(id: number | undefined) {
  return useQuery({
    queryKey: applicationKey(id),
    queryFn: () =>
      apiFetch<ApplicationDetail>(`/api/admin/vendor-applications/${id}`, {
        parse: applicationDetailSchema.parse,
      }),
    enabled: id !== undefined,
  })
}

export type ApplicationDecision = { decision: 'approve' } | ({ decision: 'decline' } & DeclineApplication)

/**
 * Approves or declines an application. The answer is the application as decided, which replaces
 * the one shown; the list is loaded again for its status. Refused as already decided (409), the
 * application is loaded again so that the page shows the decision someone else made.
 */
export function useDecideApplication(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ApplicationDecision) =>
      apiFetch<ApplicationDetail>(`/api/admin/vendor-applications/${id}/${input.decision}`, {
        method: 'POST',
        ...(input.decision === 'decline' ? { body: JSON.stringify({ reason: input.reason }) } : {}),
        parse: applicationDetailSchema.parse,
      }),
    onSuccess: (application) => queryClient.setQueryData(applicationKey(id), application),
    onSettled: (_data, error) => {
      if (error) void queryClient.invalidateQueries({ queryKey: applicationKey(id), exact: true })
      void queryClient.invalidateQueries({ queryKey: vendorApplicationsQueryKey, exact: true })
    },
  })
}
