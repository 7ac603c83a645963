import { zodResolver } from '@hookform/resolvers/zod'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { teamCancelRequestSchema } from '../../../../shared/cancellations.ts'
import type { DeskBooking } from '../../../../shared/desk.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Textarea } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useTeamCancel } from '../api.ts'

type TeamCancelInput = z.input<typeof teamCancelRequestSchema>
type TeamCancel = z.output<typeof teamCancelRequestSchema>

/**
 * The team cancels a visit whatever the venue's policy (the venue closed, a double booking), saying
 * why: the visitor's mail quotes the reason, and a card payment goes back to the card. The reason is
 * checked by the server's own schema; a refusal of anything else shows above the buttons and the
 * typed reason stays for another try.
 */
export function CancelBooking({ booking }: { booking: DeskBooking }) {
  const { t } = useTranslation('desk')
  const errorText = useErrorText()
  const cancel = useTeamCancel()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const form = useForm<TeamCancelInput, unknown, TeamCancel>({
    resolver: zodResolver(teamCancelRequestSchema),
    defaultValues: { reason: '', scope: 'visit' },
    mode: 'onTouched',
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    try {
      await cancel.mutateAsync({ id: booking.id, reason: values.reason })
      form.reset()
      setOpen(false)
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.reason : undefined
      form.setError(field ? 'reason' : 'root', { message: field ?? errorText.of(error) })
    }
  })

  return (
    <>
      <Button ref={button} size="sm" variant="ghost" onClick={() => setOpen(true)}>
        {t('cancel.button')}
        <span className="sr-only">: {booking.name}</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !isSubmitting && setOpen(next)}
        title={t('cancel.title', { name: booking.name, time: booking.time })}
        description={t(booking.paymentStatus === 'paid' ? 'cancel.leadPaid' : 'cancel.leadVenue')}
        returnFocusTo={button}
      >
        <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
          <Field
            label={t('cancel.reason')}
            hint={t('cancel.reasonHint')}
            error={errorText(errors.reason?.message)}
            required
          >
            {(control) => <Textarea {...control} rows={4} dir="auto" {...form.register('reason')} />}
          </Field>
          {errors.root?.message && (
            <p role="alert" className="text-sm font-medium text-accent-600">
              {errors.root.message}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={isSubmitting}>
              {t('cancel.keep')}
            </Button>
            <Button type="submit" variant="accent" busy={isSubmitting}>
              {t('cancel.confirm')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  )
}
