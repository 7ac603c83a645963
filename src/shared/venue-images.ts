/** Widths every venue image is generated at (scripts/venue-art), 3:2. */
export const venueImageWidths = [480, 960, 1440] as const

export type VenueImageFormat = 'avif' | 'webp'

/** The `srcset` of a venue image (`<venue>/<scene>` under /images/venues/) in one format. */
export function venueImageSrcSet(imageKey: string, format: VenueImageFormat): string {
  return venueImageWidths.map((width) => `/images/venues/${imageKey}-${width}.${format} ${width}w`).join(', ')
}

/**
 * The CSS widths venue images are shown at, for the browser to pick a file: the pages use them, and
 * the server preloads a page's first image with the same `sizes`, so the browser fetches the file
 * it will show.
 */
export const venueImageSizes = {
  /** A venue card in the list: one column on phones, two on tablets, three on desktops. */
  card: '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw',
  /** The cover on a venue's own page. */
  cover: '(min-width: 768px) 560px, 100vw',
  /** The other photos on a venue's own page. */
  thumbnail: '(min-width: 768px) 280px, 50vw',
} as const
