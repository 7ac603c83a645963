import type { ReactNode } from 'react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { groupParties, partyHeading } from '../../../shared/party.ts'

/** What a visit needs to be put in its party and to name it. */
export interface PartyVisit {
  gymId: string
  gymName: { en: string; ar: string }
  date: string
  time: string
  /** Visits of different orders are different parties, even at the same venue and hour. */
  orderId?: string
  /** A cancelled visit stays listed, marked so, but is not counted in its party's people. */
  cancellation?: { cancelledAt: string | null }
}

/** The people a party's heading counts: those still booked, or all of them once none is. */
export function partyPeople(members: readonly PartyVisit[]): number {
  const booked = members.filter((member) => !member.cancellation?.cancelledAt).length
  return booked || members.length
}

/** `Vida Beach Hotel · Fri 28/11 · 09:00 · 4 people`, in the page's language: the mail's heading too. */
export function usePartyHeading() {
  const { i18n } = useTranslation()
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  return (visit: PartyVisit, count: number) =>
    partyHeading({ venueName: visit.gymName[language], date: visit.date, time: visit.time, count }, language)
}

/**
 * Visits grouped by party (docs/mail.md, "One mail per order"): the people of one order at one
 * venue and hour are listed together under one heading, as in the confirmation mail. A visit
 * booked alone is listed as it is, without a heading. `renderVisit` gives each visit's `<li>`.
 */
export function PartyGroups<T extends PartyVisit>({
  visits,
  renderVisit,
  listClassName,
  renderPartyAction,
}: {
  visits: readonly T[]
  renderVisit(visit: T): ReactNode
  listClassName: string
  /** Beside a party's heading: what can be done for all of them at once ("Show all tickets"). */
  renderPartyAction?(members: T[]): ReactNode
}) {
  const heading = usePartyHeading()
  const id = useId()
  const parties = groupParties(visits, (visit) => ({
    venueId: `${visit.orderId ?? ''}|${visit.gymId}`,
    date: visit.date,
    time: visit.time,
  }))
  return (
    <div className="space-y-6">
      {parties.map(({ key, members }, index) => {
        const first = members[0]
        if (!first || members.length === 1)
          return (
            <ul key={key} className={listClassName}>
              {members.map(renderVisit)}
            </ul>
          )
        const headingId = `${id}-party-${index}`
        return (
          <section key={key} aria-labelledby={headingId} className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={headingId} className="text-lg font-bold text-brand-900">
                {heading(first, partyPeople(members))}
              </h3>
              {renderPartyAction?.(members)}
            </div>
            <ul className={listClassName}>{members.map(renderVisit)}</ul>
          </section>
        )
      })}
    </div>
  )
}
