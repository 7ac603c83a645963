import { formatDisplayDate } from '../../../shared/bahrain-time.ts'
import type { Language } from '../../../shared/i18n.ts'
import type { MailLinks } from '../../platform/mail/templates/render.tsx'
import type { loadEntryMailRow } from './repository.ts'
import { waitlistToken } from './tokens.ts'

/**
 * What every waiting-list mail shows of its request, in the language it was queued in (the
 * visitor's, when they joined): the venue, pass, slot and people, and the request's own page.
 */
export function waitlistMailDetails(
  row: Awaited<ReturnType<typeof loadEntryMailRow>>,
  language: Language,
  links: MailLinks,
) {
  const ar = language === 'ar'
  const pageUrl = `${links.siteUrl.replace(/\/$/, '')}/waitlist/${waitlistToken(links.secret, row.id)}`
  return {
    language,
    venueName: ar ? row.venue_ar : row.venue_en,
    passName: (ar ? row.pass_ar : row.pass_en) ?? '',
    date: formatDisplayDate(row.slot_date),
    time: `${String(row.slot_hour).padStart(2, '0')}:00`,
    people: row.people,
    pageUrl,
    leaveUrl: `${pageUrl}?leave=1`,
  }
}
