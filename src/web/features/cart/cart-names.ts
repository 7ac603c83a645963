import { useQueries } from '@tanstack/react-query'
import { useEffect } from 'react'
import { type CartItem, legacyPassId, passLineName } from '../../../shared/cart.ts'
import type { VenueDetail } from '../../../shared/catalog-api.ts'
import { useLocalized } from '../../lib/use-localized.ts'
import { gymQuery } from '../catalog/api.ts'
import { useCart } from './cart-context.tsx'

export interface LineNames {
  gym: string
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
  const gymIds = [...new Set(items.map((item) => item.gymId))]
  const results = useQueries({
    queries: gymIds.map((id) => ({ ...gymQuery(id), staleTime: 5 * 60_000, retry: false })),
  })
  const gyms = new Map<string, VenueDetail['gym']>()
  gymIds.forEach((id, index) => {
    const gym = results[index]?.data?.gym
    if (gym) gyms.set(id, gym)
  })

  // A line saved before passes had ids is matched to its pass by the name it was saved with, once,
  // so checkout can book it.
  const adoptions = items.flatMap((item) => {
    const gym = gyms.get(item.gymId)
    const passId = !item.passId && gym ? legacyPassId(item, gym.passes) : undefined
    return passId ? [{ id: item.id, passId }] : []
  })
  const adoptionKey = adoptions.map((entry) => `${entry.id}:${entry.passId}`).join(',')
  const { attachPass } = cart
  // biome-ignore lint/correctness/useExhaustiveDependencies: adoptionKey stands for adoptions.
  useEffect(() => {
    for (const entry of adoptions) attachPass(entry.id, entry.passId)
  }, [adoptionKey, attachPass])

  return (item) => {
    const gym = gyms.get(item.gymId)
    const pass = gym?.passes.find((entry) => entry.id === item.passId)
    return {
      gym: gym ? localize(gym.name) : item.gymName,
      pass: pass ? passLineName(localize(pass.name), localize(pass.description)) : item.passName,
      location: gym ? localize(gym.location) : item.location,
    }
  }
}
