import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type DeskBooking, type DeskPaymentMethod, deskPaymentMethods } from '../../../../shared/desk.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useDeskRefund } from '../api.ts'

/**
 * A manager records that a cancelled visit's desk payment went back to the visitor at the desk: the
 * whole price, by the method chosen (the way it was paid, unless changed). Until then the venue holds
 * the money and the visit stays on its statement. Recording twice changes nothing.
 */
export function RefundAtDesk({ booking }: { booking: DeskBooking }) {
  const { t } = useTranslation('desk')
  const money = useMoney()
  const errorText = useErrorText()
  const refund = useDeskRefund()
  const [open, setOpen] = useState(false)
  const [method, setMethod] = useState<DeskPaymentMethod>(booking.deskPayment?.method ?? 'cash')
  const button = useRef<HTMLButtonElement>(null)

  const confirm = async () => {
    try {
      await refund.mutateAsync({ id: booking.id, method })
      setOpen(false)
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  }

  return (
    <>
      <Button ref={button} size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {t('refund.button')}
        <span className="sr-only">: {booking.name}</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !refund.isPending && setOpen(next)}
        title={t('refund.title', { name: booking.name, amount: money(booking.priceFils) })}
        description={t('refund.lead')}
        returnFocusTo={button}
      >
        <div className="space-y-4">
          <Field label={t('refund.method')}>
            {(control) => (
              <select
                {...control}
                value={method}
                onChange={(event) => setMethod(event.target.value as DeskPaymentMethod)}
                className="block w-full rounded-xl border border-brand-900/20 bg-white px-3.5 py-2.5 text-base text-ink"
              >
                {deskPaymentMethods.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`method.${choice}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {refund.error && (
            <p role="alert" className="text-sm font-medium text-accent-600">
              {errorText.of(refund.error)}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={refund.isPending}>
              {t('refund.keep')}
            </Button>
            <Button variant="accent" busy={refund.isPending} onClick={() => void confirm()}>
              {t('refund.confirm')}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  )
}
