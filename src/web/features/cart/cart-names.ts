import { useQueries } from '@tanstack/react-query'
import { useEffect } from 'react'
import { type CartItem, legacyPassId, passLineName } from '../../../shared/cart.ts'
import type { Venue } from '../../../shared/catalog-api.ts'
import { useLocalized } from '../../lib/use-localized.ts'
import { venueQuery } from '../catalog/api.ts'
import { useCart } from './cart-context.tsx'

export interface LineNames {
  venue: string
  pass: string
  location: string
}

/**
 * The names a cart line shows, in the current language, read from the catalog by the line's ids
 * (one venue request per venue, shared with the venue pages' cache). Until the catalog answers, or
 * for a venue it no longer lists, the names saved with the line are shown.
 */
export function useCartNames(items: CartItem[]): (item: CartItem) => LineNames {
  const localize = useLocalized()
  const cart = useCart()
  const venueIds = [...new Set(items.map((item) => item.gymId))]
  const results = useQueries({
    queries: venueIds.map((id) => ({ ...venueQuery(id), staleTime: 5 * 60_000, retry: false })),
  })
  const venues = new Map<string, Venue>()
  venueIds.forEach((id, index) => {
    const venue = results[index]?.data?.gym
    if (venue) venues.set(id, venue)
  })

  // A line saved before passes had ids is matched to its pass by the name it was saved with, once,
  // so checkout can book it.
  const adoptions = items.flatMap((item) => {
    const venue = venues.get(item.gymId)
    const passId = !item.passId && venue ? legacyPassId(item, venue.passes) : undefined
    return passId ? [{ id: item.id, passId }] : []
  })
  const adoptionKey = adoptions.map((entry) => `${entry.id}:${entry.passId}`).join(',')
  const { attachPass } = cart
  // biome-ignore lint/correctness/useExhaustiveDependencies: adoptionKey stands for adoptions.
  useEffect(() => {
    for (const entry of adoptions) attachPass(entry.id, entry.passId)
  }, [adoptionKey, attachPass])

  return (item) => {
    const venue = venues.get(item.gymId)
    const pass = venue?.passes.find((entry) => entry.id === item.passId)
    return {
      venue: venue ? localize(venue.name) : item.gymName,
      pass: pass ? passLineName(localize(pass.name), localize(pass.description)) : item.passName,
      location: venue ? localize(venue.location) : item.location,
    }
  }
}
