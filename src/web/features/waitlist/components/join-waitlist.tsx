import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { emailSchema } from '../../../../shared/accounts.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { waitlistOfferMinutes } from '../../../../shared/waitlist.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useSession } from '../../accounts/api.ts'
import { EmailCheck } from '../../checkout/components/email-check.tsx'
import { useEmailVerification } from '../../checkout/use-email-verification.ts'
import { useJoinWaitlist } from '../api.ts'

export interface FullSlot {
  gymId: string
  passId: string
  date: string
  time: string
}

interface JoinWaitlistProps {
  slot: FullSlot
  /** How many people, from the dialog's stepper. */
  people: number
}

/**
 * The booking dialog's answer to a full time: "Tell me if places free up" for the people chosen. A
 * signed-in visitor joins as themselves; a guest verifies their e-mail first, as at checkout.
 */
export function JoinWaitlist({ slot, people }: JoinWaitlistProps) {
  const { t, i18n } = useTranslation('waitlist')
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const errorText = useErrorText()
  const session = useSession()
  const [email, setEmail] = useState('')
  const verification = useEmailVerification(email, language)
  const join = useJoinWaitlist()
  const isGuest = session.status !== 'signedIn'

  function submit() {
    const guest = verification.verification.step === 'verified' ? verification.verification : undefined
    if (isGuest && !guest) return
    join.mutate(
      {
        ...slot,
        people,
        language,
        ...(isGuest && guest ? { guest: { email: guest.email, proof: guest.proof } } : {}),
      },
      {
        onError: (error) => {
          // The proof ran out between the check and the join: the guest verifies again.
          if (error instanceof ApiError && error.code === 'VERIFY_EMAIL_FIRST') verification.restart()
        },
      },
    )
  }

  if (join.data)
    return (
      <div role="status" className="space-y-1 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
        <p className="font-semibold">{t('join.done')}</p>
        {join.data.ahead !== null && <p>{t('ahead', { count: join.data.ahead })}</p>}
        <Link
          to={pagePath('waitlist', { token: join.data.token })}
          className="inline-block font-semibold text-brand-700 underline"
        >
          {t('join.seeRequest')}
        </Link>
      </div>
    )

  const verified = verification.verification.step === 'verified'
  return (
    <section aria-labelledby="waitlist-join-title" className="space-y-3 rounded-xl bg-sand-100 p-4">
      <h3 id="waitlist-join-title" className="font-bold text-brand-900">
        {t('join.title')}
      </h3>
      <p className="text-sm text-ink">{t('join.lead', { count: waitlistOfferMinutes })}</p>
      {session.status === 'loading' ? (
        <p role="status" className="text-sm text-muted">
          {t('join.checking')}
        </p>
      ) : (
        isGuest && (
          <div className="space-y-3">
            <p className="text-sm text-muted">{t('join.guestLead')}</p>
            <Field label={t('join.email')} required>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  dir="ltr"
                  autoComplete="email"
                  value={email}
                  readOnly={verified}
                  className="read-only:bg-sand-100"
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </Field>
            <EmailCheck verification={verification} emailsReady={emailSchema.safeParse(email).success} />
          </div>
        )
      )}
      <Button
        className="w-full"
        disabled={session.status === 'loading' || (isGuest && !verified)}
        busy={join.isPending}
        onClick={submit}
      >
        {t('join.button')}
      </Button>
      {join.isError && (
        <p role="alert" className="text-sm font-medium text-accent-600">
          {errorText.of(join.error, t('join.failed'))}
        </p>
      )}
    </section>
  )
}
