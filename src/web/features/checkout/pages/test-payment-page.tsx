import { useMutation, useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { Button, Spinner } from '../../../components/ui/button.tsx'
import { useMoney } from '../../../lib/use-money.ts'
import { decideTestCharge, testCharge } from '../api.ts'
import { useCheckoutText } from '../checkout-text.ts'

/**
 * The test page standing in for BENEFIT's (or Tap's card page) while Tap is not set up: the same
 * redirect out and back, labelled as a test, with the bank's three answers. The answer goes to the
 * server's test gateway, which sends the browser back to the result page with `tap_id`, as Tap does.
 */
export function TestPaymentPage() {
  const { t } = useCheckoutText()
  const money = useMoney()
  const { chargeId = '' } = useParams()
  const charge = useQuery({
    queryKey: ['checkout', 'test-charge', chargeId],
    queryFn: () => testCharge(chargeId),
    retry: false,
  })
  const decide = useMutation({
    mutationFn: (action: 'pay' | 'decline' | 'cancel') => decideTestCharge(chargeId, action),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  })

  if (charge.isPending)
    return (
      <p role="status" className="container-page flex items-center justify-center gap-2 py-16 text-muted">
        <Spinner />
      </p>
    )
  if (charge.isError || !charge.data)
    return (
      <p role="alert" className="container-page py-16 text-center text-ink">
        {t('testPage.notFound')}
      </p>
    )
  const { amount, method, status } = charge.data
  const total = money(`BD ${amount}`)
  const open = status === 'INITIATED'
  return (
    <div className="container-page flex justify-center py-10 md:py-16">
      <section
        aria-labelledby="test-payment-title"
        className="w-full max-w-md space-y-4 rounded-card border-2 border-dashed border-sand-400 bg-sand-50 p-6 shadow-card"
      >
        <h1 id="test-payment-title" className="text-2xl font-bold text-brand-900">
          {t('testPage.title')}
        </h1>
        <p className="text-ink">{t('testPage.body', { method: t(`method.${method}`) })}</p>
        <p className="flex items-baseline justify-between rounded-xl bg-white px-4 py-3">
          <span className="font-semibold">{t('testPage.amount')}</span>
          <span className="text-xl font-bold" dir="auto">
            {total}
          </span>
        </p>
        {!open && <p className="text-sm text-muted">{t('testPage.done', { status })}</p>}
        <div className="grid gap-3">
          <Button size="lg" variant="accent" busy={decide.isPending} onClick={() => decide.mutate('pay')}>
            {t('testPage.pay', { amount: total })}
          </Button>
          <div className="grid grid-cols-2 gap-3">
            <Button variant="secondary" disabled={decide.isPending} onClick={() => decide.mutate('decline')}>
              {t('testPage.decline')}
            </Button>
            <Button variant="secondary" disabled={decide.isPending} onClick={() => decide.mutate('cancel')}>
              {t('testPage.cancel')}
            </Button>
          </div>
        </div>
      </section>
    </div>
  )
}
