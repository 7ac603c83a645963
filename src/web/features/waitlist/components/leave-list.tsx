import { useTranslation } from 'react-i18next'
import type { WaitlistEntry } from '../../../../shared/waitlist.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLeaveWaitlist } from '../api.ts'

/**
 * Leave the list: a request still waiting, or one whose places are held (they go to the next in
 * line). The mail's "leave" link opens the page with `?leave=1`, which asks first: a mail scanner
 * that opens the link must not take anyone off the list.
 */
export function LeaveList({ entry, asked = false }: { entry: WaitlistEntry; asked?: boolean }) {
  const { t } = useTranslation('waitlist')
  const errorText = useErrorText()
  const leave = useLeaveWaitlist(entry.token)
  return (
    <div className={asked ? 'space-y-3 rounded-xl border-2 border-accent-500/40 px-4 py-3' : 'space-y-3'}>
      {asked && (
        <p className="font-semibold text-ink">
          {t(entry.status === 'offered' ? 'leaveAsk.offered' : 'leaveAsk.waiting')}
        </p>
      )}
      <Button variant="secondary" busy={leave.isPending} onClick={() => leave.mutate()}>
        {t(entry.status === 'offered' ? 'page.giveBack' : 'page.leave')}
      </Button>
      {leave.isError && (
        <p role="alert" className="text-sm font-medium text-accent-600">
          {errorText.of(leave.error, t('page.leaveFailed'))}
        </p>
      )}
    </div>
  )
}
