import { clockInBahrain } from '../../../../shared/bahrain-time.ts'

/** An instant as Bahrain's clock shows it, `14:05`: the same on every device, whatever its time zone. */
export function bahrainTime(iso: string): string {
  return clockInBahrain(new Date(iso))
}

/**
 * A time inside a sentence: in Arabic, isolated left to right (U+2066…U+2069), so the punctuation
 * after it stays on its side of the time and not glued to it.
 */
export function isolatedTime(time: string, language: string): string {
  return language === 'ar' ? `\u2066${time}\u2069` : time
}
