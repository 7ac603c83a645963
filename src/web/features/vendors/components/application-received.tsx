import { useEffect, useRef } from 'react'
import { applicationReference } from '../../../../shared/vendor-application.ts'
import { ButtonLink } from '../../../components/ui/button.tsx'
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
  const heading = useRef<HTMLHeadingElement>(null)
  // The form the visitor was in is gone: take them to what replaced it.
  useEffect(() => heading.current?.focus(), [])

  return (
    <div className="container-page flex justify-center py-10 md:py-16">
      <section className="w-full max-w-xl rounded-card bg-white p-6 text-center shadow-card md:p-8">
        <div className="mx-auto mb-5 grid size-16 place-items-center rounded-full bg-brand-50 text-brand-700">
          <svg viewBox="0 0 24 24" className="size-8" aria-hidden="true">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          </svg>
        </div>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold text-brand-900 outline-none md:text-3xl"
        >
          {t('receivedTitle')}
        </h1>
        <div role="status" className="mt-3 space-y-3 text-muted">
          <p>{t('receivedBody', { venue: venueName })}</p>
          <p>{t('nextSteps', { email: isolated(email) })}</p>
          <p className="font-semibold text-ink">
            {t('reference')} <span dir="ltr">{applicationReference(id)}</span>
          </p>
        </div>
        <ButtonLink to="/" className="mt-6">
          {t('returnHome')}
        </ButtonLink>
      </section>
    </div>
  )
}
