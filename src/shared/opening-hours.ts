import { hourLabel } from './catalog.ts'

/**
 * A day's sold hours as the ranges a visitor reads: slots start on the hour and last one, so the
 * slots 8, 9 and 10 read "08:00–11:00". Hours need not be contiguous (a venue may close at noon).
 */
export function hourRanges(hours: readonly number[]): { from: string; to: string }[] {
  const sorted = [...new Set(hours)].sort((a, b) => a - b)
  const ranges: { from: number; to: number }[] = []
  for (const hour of sorted) {
    const last = ranges.at(-1)
    if (last && last.to === hour) last.to = hour + 1
    else ranges.push({ from: hour, to: hour + 1 })
  }
  return ranges.map(({ from, to }) => ({ from: hourLabel(from), to: to === 24 ? '24:00' : hourLabel(to) }))
}

/** Links that open the venue in the visitor's maps app; the page itself loads no map. */
export function mapLinks({ latitude, longitude }: { latitude: number; longitude: number }) {
  const point = `${latitude},${longitude}`
  return {
    open: `https://www.google.com/maps/search/?api=1&query=${point}`,
    directions: `https://www.google.com/maps/dir/?api=1&destination=${point}`,
  }
}
