import { useQuery } from '@tanstack/react-query'
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

/** One application with everything in it, loaded when the team opens it. */
export function useVendorApplication(id: number | undefined) {
  return useQuery({
    queryKey: [...vendorApplicationsQueryKey, id],
    queryFn: () =>
      apiFetch<ApplicationDetail>(`/api/admin/vendor-applications/${id}`, {
        parse: applicationDetailSchema.parse,
      }),
    enabled: id !== undefined,
  })
}
