import { useTranslation } from 'react-i18next'
import { cancellationPolicy, cancellationPolicyText } from '../../../shared/cancellation-policy.ts'

interface CancellationNoteProps {
  visit: { date: string; time: string }
  noticeHours: number
  className?: string
}

/**
 * The venue's cancellation policy for one visit, in the visitor's language and Bahrain time: "Free
 * cancellation until Tue 25/11/2026 10:00", or "Non-refundable" once that time has passed. The
 * same shared rule the server enforces when a visit is cancelled.
 */
export function CancellationNote({ visit, noticeHours, className = '' }: CancellationNoteProps) {
  const { i18n } = useTranslation()
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const policy = cancellationPolicy(visit, noticeHours, new Date())
  return (
    <p
      data-testid="cancellation-policy"
      className={`text-sm font-medium ${policy.free ? 'text-brand-800' : 'text-accent-600'} ${className}`}
    >
      {cancellationPolicyText(policy, language)}
    </p>
  )
}
