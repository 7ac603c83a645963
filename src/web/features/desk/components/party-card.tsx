import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import {
  type DeskParty,
  type DeskPartyAnswer,
  type DeskPaymentMethod,
  deskPaymentMethods,
} from '../../../../shared/desk.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useCheckInParty, useDeskParty, usePartyPayment, useUndoPartyPayment } from '../api.ts'
import { bahrainTime, isolatedTime } from './time-text.ts'

/**
 * The whole party of a scanned ticket (docs/desk.md, "Parties"): its order's visits here on this
 * date. "Collect" takes the payment of all still due at once, "Check in all" checks in everyone not
 * yet in with one request, and each visitor can be checked in alone.
 */
export function PartyCard({
  bookingId,
  onCheckInOne,
  otherDay = false,
  onActed,
}: {
  bookingId: number
  /** One visitor alone, by their reference, as a scan typed at the desk. */
  onCheckInOne(reference: string): void
  /** The scan said the party comes on another day: nobody can be checked in today. */
  otherDay?: boolean
  /** Staff collected for or checked in the party. */
  onActed?(): void
}) {
  const party = useDeskParty(bookingId)
  const { t } = useTranslation('desk')
  const errorText = useErrorText()
  if (party.isError)
    return (
      <p role="alert" className="text-sm text-accent-600">
        {errorText.of(party.error, t('party.loadFailed'))}
      </p>
    )
  if (!party.data) return null
  // A party of one is the answer card alone, with "Undo collect" while it may be undone.
  if (party.data.party.bookings.length < 2) return <UndoAlone party={party.data.party} onActed={onActed} />
  return (
    <PartyDetails
      party={party.data.party}
      onCheckInOne={onCheckInOne}
      otherDay={otherDay}
      onActed={onActed}
    />
  )
}

export function PartyDetails({
  party,
  onCheckInOne,
  otherDay = false,
  onActed,
}: {
  party: DeskParty
  onCheckInOne(reference: string): void
  otherDay?: boolean
  onActed?(): void
}) {
  const { t } = useTranslation('desk')
  const localized = useLocalized()
  const money = useMoney()
  const errorText = useErrorText()
  const why = useWhyNotCheckedIn(party)
  const checkInAll = useCheckInParty()
  const payment = usePartyPayment()
  const undo = useUndoPartyPayment()
  const anyId = party.bookings[0]?.id ?? 0
  const live = party.bookings.filter((booking) => booking.state !== 'cancelled')
  // On another day nobody may go in: no check-in is offered that the server would refuse.
  const toCome = otherDay ? [] : live.filter((booking) => booking.state === 'to_come')
  const error = checkInAll.error ?? payment.error ?? undo.error
  const undoableFils = undoableFilsOf(party)
  // One answer at a time: the last action's, not one glued to the one before.
  const collect = (method: DeskPaymentMethod) => {
    checkInAll.reset()
    undo.reset()
    payment.mutate({ id: anyId, method }, { onSuccess: () => onActed?.() })
  }
  const undoCollect = () => {
    checkInAll.reset()
    payment.reset()
    undo.mutate({ id: anyId }, { onSuccess: () => onActed?.() })
  }
  const checkInEveryone = (override = false) => {
    payment.reset()
    undo.reset()
    checkInAll.mutate(override ? { id: anyId, override } : { id: anyId }, { onSuccess: () => onActed?.() })
  }
  const left = checkInAll.data?.notCheckedIn ?? []
  // Left out for the time alone: outside the venue's check-in window. Staff may let them in anyway,
  // as for one ticket.
  const outsideWindow =
    toCome.length > 0 && left.some((visit) => visit.reason === 'too_early' || visit.reason === 'too_late')
  return (
    <section
      aria-label={t('party.heading', { count: live.length })}
      className="space-y-3 rounded-card bg-white p-4 shadow-card"
    >
      <h3 className="text-lg font-bold text-brand-900">{t('party.heading', { count: live.length })}</h3>
      <ul className="divide-y divide-line">
        {party.bookings.map((booking) => (
          <li key={booking.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="font-semibold text-ink">{localized(booking.pass)}</p>
              <p className="text-sm text-muted">
                <span dir="ltr">{booking.reference}</span> · {t(`state.${booking.state}`)}
              </p>
            </div>
            {booking.state === 'to_come' && !otherDay && (
              // Named by its reference in an aria-label, not in hidden text: the row's reference is
              // then the one text of it on the card.
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('party.checkInOne', { reference: booking.reference })}
                onClick={() => onCheckInOne(booking.reference)}
              >
                {t('party.checkIn')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {party.dueFils > 0 && (
        <fieldset>
          <legend className="mb-2 font-semibold">
            {t('party.collect', { amount: money(party.dueFils) })}
          </legend>
          <div className="flex flex-wrap gap-2">
            {deskPaymentMethods.map((method) => (
              <Button key={method} size="lg" busy={payment.isPending} onClick={() => collect(method)}>
                {t(`method.${method}`)}
              </Button>
            ))}
          </div>
        </fieldset>
      )}
      {otherDay ? (
        <p className="font-semibold text-ink">
          {t('party.otherDay', { date: formatDisplayDate(party.bookings[0]?.date ?? '') })}
        </p>
      ) : toCome.length > 0 ? (
        <Button size="lg" className="w-full" busy={checkInAll.isPending} onClick={() => checkInEveryone()}>
          {t('party.checkInAll', { count: toCome.length })}
        </Button>
      ) : (
        <p className="font-semibold text-green-900">{t('party.allIn')}</p>
      )}
      {outsideWindow && (
        <Button
          size="lg"
          variant="secondary"
          className="w-full"
          busy={checkInAll.isPending}
          onClick={() => checkInEveryone(true)}
        >
          {t('party.checkInAllAnyway', { count: toCome.length })}
        </Button>
      )}
      <div role="status" className="space-y-1 text-sm text-ink">
        {checkInAll.data && <p>{t('party.checkedInNow', { count: checkInAll.data.changedIds.length })}</p>}
        {checkInAll.data && why(checkInAll.data).map((sentence) => <p key={sentence}>{sentence}</p>)}
        {payment.data?.collectedFils !== undefined && (
          <p>{t('party.collected', { amount: money(payment.data.collectedFils) })}</p>
        )}
        {undo.data?.undoneFils !== undefined && (
          <p>{t('party.undone', { amount: money(undo.data.undoneFils) })}</p>
        )}
      </div>
      {undoableFils > 0 && (
        <UndoCollectButton amountFils={undoableFils} busy={undo.isPending} onClick={undoCollect} />
      )}
      {error && (
        <p role="alert" className="text-sm text-accent-600">
          {errorText.of(error)}
        </p>
      )}
    </section>
  )
}

/**
 * Why "Check in all" left visitors out, once per reason, in the staff member's language: the
 * server's reason for each visit and its check-in window. Visits already in or cancelled need none.
 */
function useWhyNotCheckedIn(party: DeskParty) {
  const { t, i18n } = useTranslation('desk')
  const time = (text: string) => isolatedTime(text, i18n.language)
  return (answer: DeskPartyAnswer): string[] => {
    const sentences = new Map<string, string>()
    for (const visit of answer.notCheckedIn ?? []) {
      if (sentences.has(visit.reason)) continue
      const booking = party.bookings.find((one) => one.id === visit.id)
      if (visit.reason === 'too_early' || visit.reason === 'too_late')
        sentences.set(
          visit.reason,
          t(`party.why.${visit.reason}`, {
            time: time(booking?.time ?? ''),
            opens: time(bahrainTime(visit.opensAt)),
            closes: time(bahrainTime(visit.closesAt)),
          }),
        )
      else if (visit.reason === 'unpaid') sentences.set(visit.reason, t('party.why.unpaid'))
      else if (visit.reason === 'other_date')
        sentences.set(
          visit.reason,
          t('party.why.other_date', { date: formatDisplayDate(booking?.date ?? '') }),
        )
    }
    return [...sentences.values()]
  }
}

/** What "Undo collect" would take back: desk payments of visits not checked in (nor cancelled). */
function undoableFilsOf(party: DeskParty): number {
  return party.bookings
    .filter((booking) => booking.deskPayment && (booking.state === 'to_come' || booking.state === 'no_show'))
    .reduce((sum, booking) => sum + booking.priceFils, 0)
}

function UndoCollectButton({
  amountFils,
  busy,
  onClick,
}: {
  amountFils: number
  busy: boolean
  onClick(): void
}) {
  const { t } = useTranslation('desk')
  const money = useMoney()
  return (
    <Button size="lg" variant="secondary" className="w-full" busy={busy} onClick={onClick}>
      {t('party.undoCollect', { amount: money(amountFils) })}
    </Button>
  )
}

/** A visitor alone, collected for but not checked in (too early, say): the collect may be undone. */
function UndoAlone({ party, onActed }: { party: DeskParty; onActed?(): void }) {
  const { t } = useTranslation('desk')
  const money = useMoney()
  const errorText = useErrorText()
  const undo = useUndoPartyPayment()
  const undoableFils = undoableFilsOf(party)
  if (undoableFils === 0 && !undo.data && !undo.error) return null
  return (
    <div className="space-y-2">
      {undoableFils > 0 && (
        <UndoCollectButton
          amountFils={undoableFils}
          busy={undo.isPending}
          onClick={() => undo.mutate({ id: party.bookings[0]?.id ?? 0 }, { onSuccess: () => onActed?.() })}
        />
      )}
      <p role="status" className="text-sm text-ink">
        {undo.data?.undoneFils !== undefined && t('party.undone', { amount: money(undo.data.undoneFils) })}
      </p>
      {undo.error && (
        <p role="alert" className="text-sm text-accent-600">
          {errorText.of(undo.error)}
        </p>
      )}
    </div>
  )
}
