import { westernDigits } from './normalise/digits.ts'

/**
 * Dates and times as Bahrain sees them. Bahrain is UTC+3 all year (no daylight saving), so "today"
 * and "this hour" never depend on the server's or the browser's own time zone.
 */
const offsetMs = 3 * 60 * 60 * 1000

export type IsoDate = string // yyyy-mm-dd

function shifted(now: Date): Date {
  return new Date(now.getTime() + offsetMs)
}

export function todayInBahrain(now: Date = new Date()): IsoDate {
  return shifted(now).toISOString().slice(0, 10)
}

/** An instant as Bahrain's clock shows it, `14:05`: the same on every device, whatever its time zone. */
export function clockInBahrain(instant: Date): string {
  return shifted(instant).toISOString().slice(11, 16)
}

export function hourInBahrain(now: Date = new Date()): number {
  return shifted(now).getUTCHours()
}

/** A real calendar date in yyyy-mm-dd form. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const result = new Date(`${date}T00:00:00Z`)
  result.setUTCDate(result.getUTCDate() + days)
  return result.toISOString().slice(0, 10)
}

/** Sunday–Thursday is the working week in Bahrain; Friday and Saturday are the weekend. */
export function isWeekend(date: IsoDate): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay()
  return day === 5 || day === 6
}

/** `2026-12-16` → `16/12/2026`. */
export function formatDisplayDate(date: IsoDate): string {
  const [year, month, day] = date.split('-')
  return `${day}/${month}/${year}`
}

/**
 * `16/12/2026` → `2026-12-16`, or undefined when it is not a real date in that form. Arabic-Indic
 * and Persian digits (`١٦/١٢/٢٠٢٦`) are read as 0–9.
 */
export function parseDisplayDate(text: string): IsoDate | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(westernDigits(text).trim())
  if (!match) return undefined
  const iso = `${match[3]}-${match[2]}-${match[1]}`
  return isIsoDate(iso) ? iso : undefined
}

/** The instant a slot starts: its date and hour in Bahrain. `2026-11-26`, `10:00` → 2026-11-26T07:00:00Z. */
export function slotStart(date: IsoDate, time: string): Date {
  return new Date(`${date}T${time}:00+03:00`)
}
