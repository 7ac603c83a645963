import type { Language } from '../../../shared/i18n.ts'
import { withBrand } from '../../../shared/page-meta.ts'
import type { VenuePageMeta } from '../../plugins/web-app.ts'
import type { CatalogService } from './service.ts'

const schemaTypes: Record<string, string> = {
  hotel: 'HealthClub',
  'serviced-apartment': 'HealthClub',
  'fitness-studio': 'ExerciseGym',
  'resort-spa': 'DaySpa',
}

/**
 * What a shared link or a crawler sees of /gyms/:id: the venue's name as the title, its
 * description, and schema.org data with today's pass prices.
 */
export function venuePageMeta(catalog: CatalogService, publicUrl: string) {
  return async (id: string, language: Language): Promise<VenuePageMeta | undefined> => {
    const gym = await catalog.getVenue(id).then(
      (detail) => detail.gym,
      () => undefined,
    )
    if (!gym) return undefined
    const description = gym.description[language].replaceAll('**', '')
    return {
      title: withBrand(gym.name[language], language),
      description: description.length > 160 ? `${description.slice(0, 157).trimEnd()}…` : description,
      structuredData: {
        '@context': 'https://schema.org',
        '@type': schemaTypes[gym.venueType] ?? 'SportsActivityLocation',
        '@id': `${publicUrl}/gyms/${gym.id}`,
        url: `${publicUrl}/gyms/${gym.id}`,
        name: gym.name[language],
        description,
        image: gym.images.map((image) => `${publicUrl}/images/venues/${image.key}-1440.webp`),
        address: {
          '@type': 'PostalAddress',
          streetAddress: gym.location[language],
          addressLocality: gym.area,
          addressCountry: 'BH',
        },
        currenciesAccepted: 'BHD',
        paymentAccepted: gym.payAtVenueOnly ? 'Credit Card, BENEFIT' : 'Credit Card, BENEFIT, PayPal',
        makesOffer: gym.comingSoon
          ? []
          : gym.passes.map((pass) => ({
              '@type': 'Offer',
              name: pass.name[language],
              price: (pass.priceFils / 1000).toFixed(3),
              priceCurrency: 'BHD',
            })),
      },
    }
  }
}
