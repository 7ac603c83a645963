import { formatDisplayDate, slotStart } from './bahrain-time.ts'
import type { Language } from './i18n.ts'

/**
 * The one cancellation rule (docs/decisions/024), shared by the server (which enforces it) and every page and
 * mail that states it: a visit can be cancelled free of charge until its slot's start in Bahrain
 * less the venue's notice hours. At the deadline itself it no longer can ("until 10:00" means
 * before 10:00:00), so the server and the text agree to the second.
 */
export interface CancellationPolicy {
  /** The last instant (exclusive) a free cancellation is accepted. */
  deadline: Date
  /** Whether `now` is still before the deadline. */
  free: boolean
}

/** The start of a visit's hour: `2026-11-26`, `10:00` → 2026-11-26T07:00:00Z. */
export function visitStart(visit: { date: string; time: string }): Date {
  return slotStart(visit.date, visit.time)
}

export function cancellationDeadline(visit: { date: string; time: string }, noticeHours: number): Date {
  return new Date(visitStart(visit).getTime() - noticeHours * 3_600_000)
}

export function cancellationPolicy(
  visit: { date: string; time: string },
  noticeHours: number,
  now: Date,
): CancellationPolicy {
  const deadline = cancellationDeadline(visit, noticeHours)
  return { deadline, free: now.getTime() < deadline.getTime() }
}

const weekdays: Record<Language, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  ar: ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
}

/** `Tue 25/11/2026 10:00` in Bahrain time (Arabic: the weekday's Arabic name, same digits). */
export function formatBahrainDateTime(instant: Date, language: Language): string {
  const local = new Date(instant.getTime() + 3 * 3_600_000)
  const iso = local.toISOString()
  const weekday = weekdays[language][local.getUTCDay()]
  return `${weekday} ${formatDisplayDate(iso.slice(0, 10))} ${iso.slice(11, 16)}`
}

const texts = {
  en: { free: 'Free cancellation until', none: 'Non-refundable' },
  ar: { free: 'إلغاء مجاني حتى', none: 'غير قابل للاسترداد' },
} as const

/** "Free cancellation until Tue 25/11/2026 10:00", or "Non-refundable" once the deadline has passed. */
export function cancellationPolicyText(policy: CancellationPolicy, language: Language): string {
  if (!policy.free) return texts[language].none
  return `${texts[language].free} ${formatBahrainDateTime(policy.deadline, language)}`
}

/** The policy's text for a visit, at `now`. */
export function describeCancellation(
  visit: { date: string; time: string },
  noticeHours: number,
  now: Date,
  language: Language,
): string {
  return cancellationPolicyText(cancellationPolicy(visit, noticeHours, now), language)
}
