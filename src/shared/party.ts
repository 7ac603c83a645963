import type { Language } from './i18n.ts'

/**
 * A party (docs/mail.md, "One mail per order"): the people of one order booked at one venue on one date and
 * hour. Each person is a visit of their own (reference, ticket, check-in); the confirmation mail,
 * the confirmation page, My Bookings and a guest's booking page show them together under one
 * heading, and the mail's calendar file has one entry for them.
 */

/** What a visit needs to be placed in its party. */
export interface PartyMember {
  venueId: string
  /** yyyy-mm-dd, Bahrain. */
  date: string
  /** HH:MM, Bahrain. */
  time: string
}

export interface Party<T> {
  key: string
  members: T[]
}

/** The key of a visit's party within one order. */
export function partyKey(member: PartyMember): string {
  return `${member.venueId}|${member.date}|${member.time}`
}

/** The visits in parties, in the order each party's first visit comes; visits keep their order. */
export function groupParties<T>(items: readonly T[], memberOf: (item: T) => PartyMember): Party<T>[] {
  const parties = new Map<string, Party<T>>()
  for (const item of items) {
    const key = partyKey(memberOf(item))
    const party = parties.get(key) ?? { key, members: [] }
    party.members.push(item)
    parties.set(key, party)
  }
  return [...parties.values()]
}

const weekdays: Record<Language, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  ar: ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
}

/** `4 people`, `شخصان`: a party's size in the reader's language. */
export function peopleCount(count: number, language: Language): string {
  if (language === 'en') return count === 1 ? '1 person' : `${count} people`
  // Arabic counts: one, two, three to ten (plural), eleven and more (singular accusative).
  if (count === 1) return 'شخص واحد'
  if (count === 2) return 'شخصان'
  if (count <= 10) return `${count} أشخاص`
  return `${count} شخصاً`
}

/** `Vida Beach Hotel · Fri 28/11 · 09:00 · 4 people`, in the reader's language (same digits). */
export function partyHeading(
  party: { venueName: string; date: string; time: string; count: number },
  language: Language,
): string {
  const [year, month, day] = party.date.split('-').map(Number) as [number, number, number]
  const weekday = weekdays[language][new Date(Date.UTC(year, month - 1, day)).getUTCDay()]
  const dayMonth = `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}`
  return [party.venueName, `${weekday} ${dayMonth}`, party.time, peopleCount(party.count, language)].join(
    ' · ',
  )
}
