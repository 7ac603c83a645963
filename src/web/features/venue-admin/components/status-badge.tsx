import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'
import type { VenueStatus } from '../../../../shared/venue-admin.ts'

const styles: Record<VenueStatus, string> = {
  draft: 'bg-sand-200 text-brand-950',
  coming_soon: 'bg-brand-50 text-brand-900 ring-1 ring-brand-800/20',
  published: 'bg-brand-100 text-brand-900',
  suspended: 'bg-accent-500/10 text-accent-600',
}

export function VenueStatusBadge({ status }: { status: VenueStatus }) {
  const { t } = useTranslation('venue-admin')
  return (
    <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap', styles[status])}>
      {t(`status.${status}`)}
    </span>
  )
}
