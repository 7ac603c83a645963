import { useQuery } from '@tanstack/react-query'
import { announcementRequest } from '../../../../shared/route-manifest.ts'
import type { PublicAnnouncement } from '../../../../shared/team.ts'
import { apiFetch } from '../../../lib/api-client.ts'
import { useLocalized } from '../../../lib/use-localized.ts'

/** The team's announcement, in the visitor's language, while it runs; drawn by the server with the page. */
export function AnnouncementBanner() {
  const localized = useLocalized()
  const { data } = useQuery({
    queryKey: announcementRequest.queryKey,
    queryFn: () => apiFetch<PublicAnnouncement>(announcementRequest.path),
    staleTime: 60_000,
  })
  if (!data?.announcement) return null
  return (
    <div className="bg-sand-200 text-brand-950">
      <p className="container-page py-3 text-center font-semibold">{localized(data.announcement)}</p>
    </div>
  )
}
