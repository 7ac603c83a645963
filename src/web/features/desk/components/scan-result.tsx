import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import { type DeskPaymentMethod, deskPaymentMethods, type RedeemAnswer } from '../../../../shared/desk.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { bahrainTime } from './time-text.ts'

const tone = {
  ok: 'border-green-700 bg-green-50 text-green-900',
  referenceOnly: 'border-indigo-700 bg-indigo-50 text-indigo-950',
  refused: 'border-red-700 bg-red-50 text-red-900',
  attention: 'border-amber-600 bg-amber-50 text-amber-950',
}
const toneOf = (answer: RedeemAnswer): keyof typeof tone =>
  answer.status === 'ok'
    ? answer.signatureVerified === false
      ? 'referenceOnly'
      : 'ok'
    : ['too_early', 'too_late', 'unpaid', 'other_date'].includes(answer.status)
      ? 'attention'
      : 'refused'
const icon = { ok: '✓', referenceOnly: '✓', attention: '!', refused: '✕' }

/** A check-in by a reference typed by hand, with no signature to prove the ticket: look at an ID. */
export const isReferenceOnly = (answer: RedeemAnswer) => answer.signatureVerified === false

interface ScanResultProps {
  answer: RedeemAnswer
  busy: boolean
  onPay(method: DeskPaymentMethod): void
  onOverride(): void
}

/**
 * A scan's answer, large enough to read across the desk: green for a check-in, indigo for a
 * check-in by reference only (no signature was checked: staff compare the visitor's ID with the
 * name), amber for what the desk can resolve (collect the payment, check in anyway), red for a
 * refusal. A check-in is a status; anything else interrupts as an alert.
 */
export function ScanResult({ answer, busy, onPay, onOverride }: ScanResultProps) {
  const { t } = useTranslation('desk')
  const localized = useLocalized()
  const money = useMoney()
  const booking = answer.booking
  const detail = (() => {
    switch (answer.status) {
      case 'invalid':
        return t('result.invalidDetail')
      case 'already_checked_in': {
        const time = answer.checkedInAt ? bahrainTime(answer.checkedInAt) : ''
        return answer.checkedInBy
          ? t('result.alreadyDetail', { time, who: answer.checkedInBy })
          : t('result.alreadyDetailNoName', { time })
      }
      case 'other_venue':
        return t('result.otherVenueDetail')
      case 'other_date':
        return booking ? t('result.otherDateDetail', { date: formatDisplayDate(booking.date) }) : ''
      case 'too_early':
        return t('result.tooEarlyDetail', { time: booking?.time })
      case 'too_late':
        return t('result.tooLateDetail', { time: booking?.time })
      case 'cancelled':
        return t('result.cancelledDetail')
      case 'unpaid':
        return t('result.unpaidDetail')
      default:
        return ''
    }
  })()
  const kind = toneOf(answer)
  const referenceOnly = isReferenceOnly(answer)
  const heading =
    kind === 'referenceOnly'
      ? t('result.referenceOnly')
      : answer.status === 'unpaid' && booking
        ? t('result.unpaid', { amount: money(booking.priceFils) })
        : t(`result.${answer.status}`)

  return (
    <div
      role={answer.status === 'ok' ? 'status' : 'alert'}
      data-status={answer.status}
      data-reference-only={referenceOnly || undefined}
      className={clsx('rounded-card border-4 p-5 shadow-card', tone[kind])}
    >
      <p className="flex items-center gap-3 text-3xl font-bold">
        <span aria-hidden="true" className="text-4xl">
          {icon[kind]}
        </span>
        {heading}
      </p>
      {kind === 'referenceOnly' && <p className="mt-2 text-base">{t('result.referenceOnlyDetail')}</p>}
      {referenceOnly && kind !== 'referenceOnly' && (
        <p
          className={clsx(
            'mt-3 rounded-card border-2 px-3 py-1.5 text-base font-semibold',
            tone.referenceOnly,
          )}
        >
          {t('result.referenceOnly')}
        </p>
      )}
      {booking && (
        <div className="mt-3 text-lg">
          <p className="font-semibold">{booking.name}</p>
          <p>{t('result.visit', { pass: localized(booking.pass), time: booking.time })}</p>
          <p className="text-base" dir="ltr">
            {booking.reference}
          </p>
        </div>
      )}
      {detail && <p className="mt-2 text-base">{detail}</p>}
      {answer.status === 'unpaid' && booking && (
        <fieldset className="mt-4">
          <legend className="mb-2 text-sm font-semibold">{t('result.payWith')}</legend>
          <div className="grid grid-cols-3 gap-2">
            {deskPaymentMethods.map((method) => (
              <Button key={method} size="lg" busy={busy} onClick={() => onPay(method)}>
                {t(`method.${method}`)}
              </Button>
            ))}
          </div>
        </fieldset>
      )}
      {(answer.status === 'too_early' || answer.status === 'too_late') && (
        <Button className="mt-4 w-full" size="lg" variant="accent" busy={busy} onClick={onOverride}>
          {t('result.override')}
        </Button>
      )}
    </div>
  )
}
