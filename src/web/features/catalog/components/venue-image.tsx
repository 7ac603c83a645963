import type { Localized } from '../../../../shared/catalog-api.ts'
import { venueImageSrcSet } from '../../../../shared/venue-images.ts'
import { useLocalized } from '../../../lib/use-localized.ts'

interface VenueImageProps {
  /** `<venue>/<scene>` under /images/venues/. */
  imageKey: string
  alt: Localized | string
  /** The CSS width the image is shown at, for the browser to pick a file. */
  sizes: string
  /** Above the fold: load at once and with high priority (the page's largest image). */
  priority?: boolean
  className?: string
}

/** A venue photo as AVIF or WebP in three sizes, with its dimensions set so nothing shifts while it loads. */
export function VenueImage({ imageKey, alt, sizes, priority = false, className }: VenueImageProps) {
  const localize = useLocalized()
  return (
    <picture>
      <source type="image/avif" srcSet={venueImageSrcSet(imageKey, 'avif')} sizes={sizes} />
      <img
        src={`/images/venues/${imageKey}-960.webp`}
        srcSet={venueImageSrcSet(imageKey, 'webp')}
        sizes={sizes}
        width={960}
        height={640}
        alt={typeof alt === 'string' ? alt : localize(alt)}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={className}
      />
    </picture>
  )
}
