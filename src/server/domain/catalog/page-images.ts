import { readVenueFilters } from '../../../shared/catalog-filters.ts'
import { type PageKey, venueIdFromPath } from '../../../shared/route-manifest.ts'
import { venueImageSizes } from '../../../shared/venue-images.ts'
import type { PageImage } from '../../platform/http/page-preloads.ts'
import type { CatalogService } from './service.ts'

/**
 * The image a catalog page shows largest when it opens, for the server to preload with the page:
 * the first venue's cover on the list the page shows (its filters and page; the unfiltered list
 * when the catalog refuses them, as the page then shows), a venue's cover on its own page.
 */
export function pageLcpImage(catalog: CatalogService) {
  return async (page: PageKey, url: URL): Promise<PageImage | undefined> => {
    if (page === 'gyms') {
      const { filters } = readVenueFilters(url.searchParams)
      const list = await catalog.listVenues(filters).catch(() => catalog.listVenues())
      const first = list.gyms[0]?.images[0]
      return first && { imageKey: first.key, sizes: venueImageSizes.card }
    }
    const venueId = page === 'gym' ? venueIdFromPath(url.pathname) : undefined
    if (!venueId) return undefined
    const cover = await catalog.getVenue(venueId).then(
      (detail) => detail.gym.images[0],
      () => undefined,
    )
    return cover && { imageKey: cover.key, sizes: venueImageSizes.cover }
  }
}
