import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { Field, Input } from '../../../components/ui/field.tsx'
import { SlotWaitlist } from '../../desk/components/slot-waitlist.tsx'
import { EditorSection } from './section.tsx'

/** The venue's waiting lists for a chosen date (today in Bahrain at first), as the desk shows them. */
export function WaitlistSection({ venueId }: { venueId: string }) {
  const { t } = useTranslation('desk')
  const [date, setDate] = useState(() => todayInBahrain())
  return (
    <EditorSection id="waitlist-section" title={t('waitlist.heading')}>
      <div className="space-y-4">
        <p className="text-sm text-muted">{t('waitlist.lead')}</p>
        <Field label={t('waitlist.date')} className="max-w-xs">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={date}
              onChange={(event) => event.target.value && setDate(event.target.value)}
            />
          )}
        </Field>
        <SlotWaitlist venueId={venueId} date={date} />
      </div>
    </EditorSection>
  )
}
