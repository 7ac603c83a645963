import type { Language } from '../../../shared/i18n.ts'
import { withBrand } from '../../../shared/page-meta.ts'
import type { VenuePageMeta } from '../../platform/http/web-app.ts'
import type { CatalogService } from './service.ts'

const schemaTypes: Record<string, string> = {
  hotel: 'HealthClub',
  'serviced-apartment': 'HealthClub',
  'fitness-studio': 'ExerciseGym',
  'resort-spa': 'DaySpa',
  'beach-club': 'SportsActivityLocation',
  pool: 'PublicSwimmingPool',
}

/**
 * What a shared link or a crawler sees of /gyms/:id: the venue's name as the title, its
 * description, and schema.org data with today's pass prices.
 */
export function venuePageMeta(catalog: CatalogService, publicUrl: string) {
  return async (id: string, language: Language): Promise<VenuePageMeta | undefined> => {
    const venue = await catalog.getVenue(id).then(
      (detail) => detail.gym,
      () => undefined,
    )
    if (!venue) return undefined
    const description = venue.description[language].replaceAll('**', '')
    return {
      title: withBrand(venue.name[language], language),
      description: description.length > 160 ? `${description.slice(0, 157).trimEnd()}…` : description,
      structuredData: {
        '@context': 'https://schema.org',
        '@type': schemaTypes[venue.venueType] ?? 'SportsActivityLocation',
        '@id': `${publicUrl}/gyms/${venue.slug}`,
        url: `${publicUrl}/gyms/${venue.slug}`,
        name: venue.name[language],
        description,
        image: venue.images.map((image) => `${publicUrl}/images/venues/${image.key}-1440.webp`),
        address: {
          '@type': 'PostalAddress',
          streetAddress: venue.location[language],
          addressLocality: venue.area.name[language],
          addressCountry: 'BH',
        },
        currenciesAccepted: 'BHD',
        paymentAccepted: venue.payAtVenueOnly ? 'Credit Card, BENEFIT' : 'Credit Card, BENEFIT, PayPal',
        makesOffer: venue.comingSoon
          ? []
          : venue.passes.map((pass) => ({
              '@type': 'Offer',
              name: pass.name[language],
              price: (pass.priceFils / 1000).toFixed(3),
              priceCurrency: 'BHD',
            })),
      },
    }
  }
}
