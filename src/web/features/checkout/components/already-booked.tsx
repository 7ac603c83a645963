import { Link } from 'react-router'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { SuccessPanel } from '../../../components/ui/success-panel.tsx'
import { useCheckoutText } from '../checkout-text.ts'

/**
 * In place of a submit step whose order was confirmed somewhere this page cannot show it from: in
 * another tab, or in this one before the page was left and restored from the back/forward cache.
 * It says where the booking is, and offers nothing that would book it again.
 */
export function AlreadyBooked({ email, signedIn }: { email: string | undefined; signedIn: boolean }) {
  const { t, isolated } = useCheckoutText()
  return (
    <SuccessPanel title={t('confirmedTitle')}>
      <p role="status" className="mt-3 text-muted">
        {email ? t('alreadyBookedBody', { email: isolated(email) }) : t('alreadyBookedBodyNoEmail')}
      </p>
      <p className="mt-5 text-sm">
        {signedIn ? (
          <Link to={pagePath('bookings')} className="font-semibold text-brand-700 hover:underline">
            {t('goMyBookings')}
          </Link>
        ) : (
          <span className="text-muted">{t('alreadyBookedGuest')}</span>
        )}
      </p>
    </SuccessPanel>
  )
}
