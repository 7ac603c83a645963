import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cancellationPolicyText } from '../../../../shared/cancellation-policy.ts'
import type { CancellableBooking } from '../../../../shared/visits.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useMoney } from '../../../lib/use-money.ts'

export type CancelScope = 'visit' | 'order'

interface CancelVisitProps {
  booking: CancellableBooking
  /** The order's other visits that can still be cancelled: with them, "cancel the whole order". */
  siblings: CancellableBooking[]
  onCancel(scope: CancelScope): Promise<unknown>
}

/** A cancelled visit's state and refund: "Refunded BD 10.000", or the refund on its way. */
export function CancelledState({ booking }: { booking: CancellableBooking }) {
  const { t } = useTranslation('bookings')
  const money = useMoney()
  const { cancellation } = booking
  if (!cancellation.cancelledAt) return null
  const refund = cancellation.refund
  return (
    <div data-testid="cancelled-state" className="mt-4 space-y-1 rounded-lg bg-sand-100 px-3 py-2 text-sm">
      <p className="font-bold text-brand-950">{t('cancel.cancelled')}</p>
      {cancellation.reason && (
        <p className="text-ink">{t('cancel.byTeam', { reason: cancellation.reason })}</p>
      )}
      <p className="font-semibold text-brand-800">
        {refund
          ? refund.status === 'refunded'
            ? t('cancel.refunded', { amount: money(refund.amountFils) })
            : t('cancel.refundPending', { amount: money(refund.amountFils) })
          : t('cancel.nothingToPay')}
      </p>
    </div>
  )
}

/**
 * The policy of a visit still booked ("Free cancellation until …" or "Non-refundable") and, within
 * it, a Cancel button whose dialog states what goes back to the card before anything is done.
 */
export function CancelVisit({ booking, siblings, onCancel }: CancelVisitProps) {
  const { t, i18n } = useTranslation('bookings')
  const money = useMoney()
  const errorText = useErrorText()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState<CancelScope>()
  const [error, setError] = useState<unknown>()
  const button = useRef<HTMLButtonElement>(null)
  const { cancellation } = booking
  if (cancellation.cancelledAt) return <CancelledState booking={booking} />
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const free = cancellation.refusal === null
  const policy = cancellationPolicyText({ deadline: new Date(cancellation.deadline), free }, language)
  const orderRefund = siblings.reduce(
    (sum, visit) => sum + visit.cancellation.refundFils,
    cancellation.refundFils,
  )

  async function cancel(scope: CancelScope) {
    setBusy(scope)
    setError(undefined)
    try {
      await onCancel(scope)
      setOpen(false)
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(undefined)
    }
  }

  const refundText = (fils: number) =>
    fils > 0 ? t('cancel.refundToCard', { amount: money(fils) }) : t('cancel.nothingToPay')

  return (
    <div className="mt-4 space-y-2">
      {(free || cancellation.refusal === 'CANCEL_TOO_LATE') && (
        <p
          data-testid="cancellation-policy"
          className={`text-sm font-medium ${free ? 'text-brand-800' : 'text-accent-600'}`}
        >
          {policy}
        </p>
      )}
      {free && (
        <>
          <Button ref={button} variant="secondary" size="sm" onClick={() => setOpen(true)}>
            {t('cancel.button')}
          </Button>
          <Dialog
            open={open}
            onOpenChange={(next) => !busy && setOpen(next)}
            returnFocusTo={button}
            title={t('cancel.title')}
            description={t('cancel.description')}
          >
            <div className="space-y-4">
              <p
                className="rounded-lg bg-brand-50 px-3 py-2 font-semibold text-brand-900"
                data-testid="refund-statement"
              >
                {refundText(cancellation.refundFils)}
              </p>
              {siblings.length > 0 && (
                <p className="text-sm text-ink">
                  {t('cancel.orderRefund', { count: siblings.length + 1, refund: refundText(orderRefund) })}
                </p>
              )}
              {error !== undefined && (
                <p role="alert" className="text-sm text-accent-600">
                  {errorText.of(error)}
                </p>
              )}
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button
                  variant="accent"
                  busy={busy === 'visit'}
                  disabled={Boolean(busy)}
                  onClick={() => void cancel('visit')}
                >
                  {t('cancel.confirmVisit')}
                </Button>
                {siblings.length > 0 && (
                  <Button
                    variant="secondary"
                    busy={busy === 'order'}
                    disabled={Boolean(busy)}
                    onClick={() => void cancel('order')}
                  >
                    {t('cancel.confirmOrder', { count: siblings.length + 1 })}
                  </Button>
                )}
                <Button variant="ghost" disabled={Boolean(busy)} onClick={() => setOpen(false)}>
                  {t('cancel.keep')}
                </Button>
              </div>
            </div>
          </Dialog>
        </>
      )}
    </div>
  )
}
