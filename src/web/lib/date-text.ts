import { westernDigits } from '../../shared/normalise/digits.ts'

/**
 * Typing 14021995 shows 14/02/1995: slashes go in by themselves, ten characters at most. Arabic-Indic
 * and Persian digits are shown as 0–9, as every date on the site is.
 */
export function withSlashes(typed: string): string {
  const digits = westernDigits(typed).replace(/\D/g, '').slice(0, 8)
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/')
}
