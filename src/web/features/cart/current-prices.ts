import { useQueries } from '@tanstack/react-query'
import type { CartItem } from '../../../shared/cart.ts'
import { formatBhd } from '../../../shared/money.ts'
import { availabilityQuery } from '../catalog/api.ts'

export interface PricedLine {
  item: CartItem
  /** The server's price for one person on the item's pass and date; undefined while loading or if it is gone. */
  currentFils: number | undefined
  current: string | undefined
  /** The price the visitor saw when adding differs from today's quote for that date. */
  changed: boolean
  /** The day the price is named for (weekend, holiday) when it differs from a weekday's, once known. */
  priceNote: 'weekend' | 'holiday' | null | undefined
}

/** Asks the server for each line's price on its date (one request per venue and date). */
export function useCurrentPrices(items: CartItem[]) {
  const keys = [...new Map(items.map((item) => [`${item.gymId}|${item.date}`, item])).values()]
  const results = useQueries({ queries: keys.map((item) => availabilityQuery(item.gymId, item.date)) })
  const byKey = new Map(keys.map((item, index) => [`${item.gymId}|${item.date}`, results[index]?.data]))
  const lines: PricedLine[] = items.map((item) => {
    const availability = byKey.get(`${item.gymId}|${item.date}`)
    const priced = availability?.passes.find((pass) => pass.id === item.passId)
    const currentFils = priced?.priceFils
    const current = currentFils === undefined ? undefined : formatBhd(currentFils)
    return {
      item,
      currentFils,
      current,
      changed: current !== undefined && current !== item.passPrice,
      priceNote: priced?.priceNote,
    }
  })
  const complete = lines.every((line) => line.currentFils !== undefined)
  const totalFils = lines.reduce((sum, line) => sum + (line.currentFils ?? 0) * line.item.quantity, 0)
  return {
    lines,
    complete,
    total: complete ? formatBhd(totalFils) : undefined,
    loading: results.some((r) => r.isPending),
  }
}
