import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DeclineApplication } from '../../../shared/application-review.ts'
import { vendorEndpoints } from '../../../shared/endpoints/vendors.ts'
import type { VendorApplication } from '../../../shared/vendor-application.ts'
import { callApi } from '../../lib/call-api.ts'

/** Sends an application; the answer carries its number, for the applicant's reference. */
export function submitVendorApplication(application: VendorApplication) {
  return callApi(vendorEndpoints.apply, { body: application })
}

export const vendorApplicationsQueryKey = ['vendor-applications'] as const

/** The team's list of applications, newest first. */
export function useVendorApplications() {
  return useQuery({
    queryKey: vendorApplicationsQueryKey,
    queryFn: () => callApi(vendorEndpoints.list),
  })
}

const applicationKey = (id: number | undefined) => [...vendorApplicationsQueryKey, id] as const

/** One application with everything in it, loaded when the team opens it. */
export function useVendorApplication(id: number | undefined) {
  return useQuery({
    queryKey: applicationKey(id),
    queryFn: () => callApi(vendorEndpoints.detail, { params: { id: id ?? '' } }),
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
      input.decision === 'decline'
        ? callApi(vendorEndpoints.decline, { params: { id }, body: { reason: input.reason } })
        : callApi(vendorEndpoints.approve, { params: { id } }),
    onSuccess: (application) => queryClient.setQueryData(applicationKey(id), application),
    onSettled: (_data, error) => {
      if (error) void queryClient.invalidateQueries({ queryKey: applicationKey(id), exact: true })
      void queryClient.invalidateQueries({ queryKey: vendorApplicationsQueryKey, exact: true })
    },
  })
}

/** Where an application stands, behind the signed link in its mail; a bad link is a 404, not retried. */
export function useApplicationStatus(token: string) {
  return useQuery({
    queryKey: ['application-status', token],
    queryFn: () => callApi(vendorEndpoints.status, { params: { token } }),
    retry: false,
  })
}
