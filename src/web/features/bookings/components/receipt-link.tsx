import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { receiptWords } from '../../../../shared/receipts.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'

/**
 * The way from an order to its receipts (docs/receipts.md): the account's order page or a guest's
 * link page. The receipt page itself says when nothing is paid yet.
 */
export function ReceiptLink({ owner }: { owner: { orderId: string } | { token: string } }) {
  const { i18n } = useTranslation()
  const words = receiptWords[i18n.language === 'ar' ? 'ar' : 'en']
  const to =
    'token' in owner
      ? pagePath('guestReceipt', { token: owner.token })
      : pagePath('bookingReceipt', { orderId: owner.orderId })
  return (
    <p className="text-sm">
      <Link to={to} className="font-semibold text-brand-700 hover:underline">
        {words.receipt}
      </Link>
    </p>
  )
}
