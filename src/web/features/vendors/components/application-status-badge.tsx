import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'
import type { VendorApplicationStatus } from '../../../../shared/vendor-application.ts'

const styles: Record<VendorApplicationStatus, string> = {
  pending: 'bg-sand-200 text-brand-950',
  approved: 'bg-brand-100 text-brand-900',
  rejected: 'bg-accent-500/10 text-accent-600',
}

export function ApplicationStatusBadge({ status }: { status: VendorApplicationStatus }) {
  const { t } = useTranslation('admin')
  return (
    <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap', styles[status])}>
      {t(`applications.status.${status}`)}
    </span>
  )
}
