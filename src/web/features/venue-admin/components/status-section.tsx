import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type AdminVenueDetail, type VenueStatus, venueStatuses } from '../../../../shared/venue-admin.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useVenueChange } from '../api.ts'
import { EditorSection, Notice } from './section.tsx'
import { VenueStatusBadge } from './status-badge.tsx'

/** The order the buttons are offered in: the way forward first. */
const moves: VenueStatus[] = ['published', 'coming_soon', 'suspended', 'draft']

/**
 * Where the venue stands with visitors, and the buttons that move it. A refused publish lists
 * what is missing, each reason worded in the visitor's language from its code.
 */
export function StatusSection({ detail }: { detail: AdminVenueDetail }) {
  const { t } = useTranslation('venue-admin')
  const errorText = useErrorText()
  const change = useVenueChange(detail.venue.id)
  const [refusal, setRefusal] = useState<{ text: string; missing: string[] }>()
  const status = detail.venue.status

  const move = async (to: VenueStatus) => {
    setRefusal(undefined)
    try {
      await change.mutateAsync({ kind: 'status', status: to })
    } catch (error) {
      const missing =
        error instanceof ApiError && error.code === 'VENUE_NOT_READY' && typeof error.details === 'string'
          ? error.details.split(',')
          : []
      setRefusal({ text: errorText.of(error) ?? '', missing: missing.filter(Boolean) })
    }
  }

  return (
    <EditorSection id="venue-status" title={t('statusSection.title')}>
      <p className="flex flex-wrap items-center gap-2 text-ink">
        <VenueStatusBadge status={status} />
        <span>{t(`statusSection.explain.${status}`)}</span>
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {moves
          .filter((to) => to !== status && venueStatuses.includes(to))
          .map((to) => (
            <Button
              key={to}
              variant={to === 'published' ? 'primary' : 'secondary'}
              size="sm"
              busy={change.isPending && change.variables?.kind === 'status' && change.variables.status === to}
              disabled={change.isPending}
              onClick={() => void move(to)}
            >
              {t(`statusSection.to.${to}`)}
            </Button>
          ))}
      </div>
      {refusal ? (
        <div className="mt-4">
          <Notice tone="error">
            <p>{refusal.text}</p>
            {refusal.missing.length > 0 && (
              <ul className="mt-2 list-disc space-y-1 ps-5">
                {refusal.missing.map((code) => (
                  <li key={code}>{errorText(code)}</li>
                ))}
              </ul>
            )}
          </Notice>
        </div>
      ) : status !== 'published' && detail.missing.length > 0 ? (
        <div className="mt-4 text-sm text-muted">
          <p className="font-semibold">{t('statusSection.missingTitle')}</p>
          <ul className="mt-1 list-disc space-y-1 ps-5">
            {detail.missing.map((code) => (
              <li key={code}>{errorText(code)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </EditorSection>
  )
}
