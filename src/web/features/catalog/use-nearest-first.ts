import { useEffect, useState } from 'react'
import type { ListedVenue } from '../../../shared/catalog-api.ts'
import { kilometresBetween, type Point } from './distance.ts'

/**
 * The page's venues nearest first, once the visitor lets the browser tell where they are: the
 * position never leaves the browser. Bookable venues stay before Coming Soon ones. Until then, or
 * when refused, the list keeps the server's order and `note` says why.
 */
export function useNearestFirst(venues: readonly ListedVenue[], wanted: boolean) {
  const [here, setHere] = useState<Point | 'locating' | 'refused' | undefined>(undefined)
  useEffect(() => {
    if (!wanted || here !== undefined) return
    if (!('geolocation' in navigator)) {
      setHere('refused')
      return
    }
    setHere('locating')
    navigator.geolocation.getCurrentPosition(
      (position) => setHere({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => setHere('refused'),
      { maximumAge: 600_000, timeout: 15_000 },
    )
  }, [wanted, here])
  const distances = new Map<string, number>()
  if (!wanted || here === undefined || typeof here === 'string') {
    const note = !wanted ? undefined : here === 'refused' ? 'locationNeeded' : 'locating'
    return { venues, distances, note } as const
  }
  for (const venue of venues) {
    if (venue.coordinates) distances.set(venue.id, kilometresBetween(here, venue.coordinates))
  }
  const away = (venue: ListedVenue) => distances.get(venue.id) ?? Number.POSITIVE_INFINITY
  const sorted = [...venues].sort((a, b) => Number(a.comingSoon) - Number(b.comingSoon) || away(a) - away(b))
  return { venues: sorted, distances, note: undefined }
}
