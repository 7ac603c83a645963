import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ApplicationDetail } from '../../../../shared/vendor-application.ts'
import { Button, ButtonLink } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useDecideApplication } from '../api.ts'
import { submittedOn } from './application-table.tsx'
import { DeclineDialog } from './decline-dialog.tsx'

/** The venue editor, built with the venues' pages. */
const venueEditorPath = (venueId: string) => `/admin/venues/${encodeURIComponent(venueId)}`

/**
 * The decision on one application: Approve and Decline while it is pending, then who decided,
 * when, and the draft venue or the reason. The outcome of the team's own click is announced and
 * takes the focus, so the news is not lost when the buttons it came from disappear.
 */
export function ApplicationDecision({ application: a }: { application: ApplicationDetail }) {
  const { t } = useTranslation('admin')
  const errorText = useErrorText()
  const decide = useDecideApplication(a.id)
  const [declining, setDeclining] = useState(false)
  const [decidedHere, setDecidedHere] = useState(false)
  const declineButton = useRef<HTMLButtonElement>(null)
  const outcome = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    if (decidedHere) outcome.current?.focus()
  }, [decidedHere])

  const approve = () => decide.mutate({ decision: 'approve' }, { onSuccess: () => setDecidedHere(true) })
  const decline = async (input: { reason: string }) => {
    try {
      await decide.mutateAsync({ decision: 'decline', ...input })
      setDeclining(false)
      setDecidedHere(true)
    } catch (error) {
      // Decided by someone else meanwhile: nothing left to decline; the panel says why.
      if (error instanceof ApiError && error.status === 409) setDeclining(false)
      throw error
    }
  }
  const failure =
    !declining && decide.error ? errorText.of(decide.error, t('applications.review.failed')) : undefined
  const by = a.decidedByEmail ? (
    <>
      {` ${t('applications.review.by')} `}
      <span dir="ltr">{a.decidedByEmail}</span>
    </>
  ) : null

  return (
    <section aria-labelledby="decision-heading" className="rounded-card bg-white p-5 shadow-card md:p-6">
      <h2 id="decision-heading" className="mb-3 text-lg font-bold text-brand-900">
        {t('applications.review.decision')}
      </h2>
      {failure && (
        <p role="alert" className="mb-4 rounded-xl bg-accent-500/10 p-3 text-sm font-medium text-accent-600">
          {failure}
        </p>
      )}
      {decidedHere && (
        <p
          ref={outcome}
          tabIndex={-1}
          role="status"
          className="mb-4 rounded-xl bg-brand-50 p-3 font-semibold text-brand-900 focus:outline-none"
        >
          {t(a.status === 'approved' ? 'applications.review.approvedNow' : 'applications.review.declinedNow')}
        </p>
      )}
      {a.status === 'pending' ? (
        <>
          <p className="mb-4 text-sm text-muted">{t('applications.review.pendingLead')}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              onClick={approve}
              busy={decide.isPending && decide.variables?.decision === 'approve'}
              disabled={decide.isPending}
            >
              {t('applications.review.approve')}
            </Button>
            <Button
              ref={declineButton}
              variant="secondary"
              disabled={decide.isPending}
              onClick={() => {
                decide.reset()
                setDeclining(true)
              }}
            >
              {t('applications.review.decline')}
            </Button>
          </div>
        </>
      ) : (
        <div className="space-y-3 text-sm">
          <p>
            {t(
              a.status === 'approved' ? 'applications.review.approvedOn' : 'applications.review.declinedOn',
              {
                date: a.decidedAt ? submittedOn(a.decidedAt) : '',
              },
            )}
            {by}
          </p>
          {a.status === 'approved' && a.venueId && (
            <ButtonLink to={venueEditorPath(a.venueId)} className="w-full sm:w-auto">
              {t('applications.review.openDraft')}
            </ButtonLink>
          )}
          {a.status === 'rejected' && a.decisionReason && (
            <div>
              <h3 className="text-xs font-semibold text-muted">{t('applications.review.reason')}</h3>
              <p dir="auto" className="whitespace-pre-line text-ink">
                {a.decisionReason}
              </p>
            </div>
          )}
        </div>
      )}
      <DeclineDialog
        open={declining}
        onOpenChange={setDeclining}
        onDecline={decline}
        // Once declined, the button is gone: the focus goes to the news instead.
        returnFocusTo={decidedHere ? outcome : declineButton}
      />
    </section>
  )
}
