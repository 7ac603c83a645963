import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { type VenueDetail, venueDetailSchema } from '../../../shared/catalog-api.ts'
import { mapLinks } from '../../../shared/opening-hours.ts'
import { venueRequest } from '../../../shared/route-manifest.ts'
import { apiFetch } from '../../lib/api-client.ts'

/**
 * How to get to a booked venue: its address, and links that open it in the visitor's maps app
 * when the team has set its position (the venue page's links). The position comes from the venue's
 * public page data, cached under the venue page's own key; while it loads, or for a venue no
 * longer listed, the address stands alone.
 */
export function VenueDirections({ venueId, address }: { venueId: string; address: string }) {
  const { t } = useTranslation('visit')
  const { queryKey, path } = venueRequest(venueId)
  const venue = useQuery({
    queryKey,
    queryFn: () => apiFetch<VenueDetail>(path, { parse: venueDetailSchema.parse }),
    staleTime: 5 * 60_000,
    retry: false,
  })
  const coordinates = venue.data?.gym.coordinates
  const links = coordinates ? mapLinks(coordinates) : undefined
  return (
    <div className="text-sm">
      <p>
        <span className="sr-only">{t('address')}: </span>
        {address}
      </p>
      {links && (
        <p className="mt-1 flex flex-wrap justify-center gap-x-4 gap-y-1 font-semibold">
          <a
            className="text-brand-700 underline"
            href={links.directions}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('directions')}
          </a>
          <a className="text-brand-700 underline" href={links.open} target="_blank" rel="noopener noreferrer">
            {t('openInMaps')}
          </a>
        </p>
      )}
    </div>
  )
}
