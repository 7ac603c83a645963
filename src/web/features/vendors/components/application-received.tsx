import { pagePath } from '../../../../shared/route-manifest.ts'
import { applicationReference } from '../../../../shared/vendor-application.ts'
import { ButtonLink } from '../../../components/ui/button.tsx'
import { SuccessPanel } from '../../../components/ui/success-panel.tsx'
import { useVendorsText } from '../vendors-text.ts'

/** The end of the form: received, its reference, and what happens next (the FAQ's words on listing). */
export function ApplicationReceived({
  id,
  venueName,
  email,
}: {
  id: number
  venueName: string
  email: string
}) {
  const { t, isolated } = useVendorsText()

  return (
    <SuccessPanel title={t('receivedTitle')}>
      <div role="status" className="mt-3 space-y-3 text-muted">
        <p>{t('receivedBody', { venue: venueName })}</p>
        <p>{t('nextSteps', { email: isolated(email) })}</p>
        <p className="font-semibold text-ink">
          {t('reference')} <span dir="ltr">{applicationReference(id)}</span>
        </p>
      </div>
      <ButtonLink to={pagePath('home')} className="mt-6">
        {t('returnHome')}
      </ButtonLink>
    </SuccessPanel>
  )
}
