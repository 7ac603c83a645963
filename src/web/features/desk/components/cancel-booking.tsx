import { zodResolver } from '@hookform/resolvers/zod'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { overrideRefunds, teamCancelRequestSchema } from '../../../../shared/cancellations.ts'
import type { DeskBooking } from '../../../../shared/desk.ts'
import { E } from '../../../../shared/errors.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Textarea } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { ChoiceGroup, ChoiceOption } from '../../vendors/components/choice-group.tsx'
import { useTeamCancel } from '../api.ts'

type TeamCancelInput = z.input<typeof teamCancelRequestSchema>
type TeamCancel = z.output<typeof teamCancelRequestSchema>

/** What the desk has done to a visit that only a manager may undo by cancelling it, or null. */
function deskAction(booking: DeskBooking): 'checkedIn' | 'noShow' | 'deskPaid' | null {
  if (booking.state === 'checked_in') return 'checkedIn'
  if (booking.state === 'no_show') return 'noShow'
  return booking.deskPayment ? 'deskPaid' : null
}

/** The server's schema, plus what an override needs: its reason and, when paid online, the refund. */
const overrideSchema = (refundNeeded: boolean) =>
  teamCancelRequestSchema.superRefine((values, context) => {
    if (!values.overrideReason)
      context.addIssue({ code: 'custom', path: ['overrideReason'], message: E.OVERRIDE_REASON_REQUIRED })
    if (refundNeeded && !values.refund)
      context.addIssue({ code: 'custom', path: ['refund'], message: E.CANCEL_REFUND_CHOICE_REQUIRED })
  })

/**
 * The team cancels a visit whatever the venue's policy (the venue closed, a double booking), saying
 * why: the visitor's mail quotes the reason, and a card payment goes back to the card. A visit the
 * desk has acted on (checked in, a no-show, paid at the desk) only a manager cancels, as an override
 * with a reason for the audit log and, if paid online, the choice of refunding it; staff are not
 * offered the button for it (the server refuses them anyway). A refusal of anything else shows above
 * the buttons and the typed reason stays for another try.
 */
export function CancelBooking({ booking, canOverride }: { booking: DeskBooking; canOverride: boolean }) {
  const { t } = useTranslation('desk')
  const errorText = useErrorText()
  const cancel = useTeamCancel()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const action = deskAction(booking)
  const refundNeeded = Boolean(action) && booking.paymentStatus === 'paid'
  const form = useForm<TeamCancelInput, unknown, TeamCancel>({
    resolver: zodResolver(action ? overrideSchema(refundNeeded) : teamCancelRequestSchema),
    defaultValues: { reason: '', scope: 'visit', ...(action ? { overrideReason: '' } : {}) },
    mode: 'onTouched',
  })
  const { errors, isSubmitting } = form.formState
  if (action && !canOverride) return null

  const submit = form.handleSubmit(async (values) => {
    try {
      await cancel.mutateAsync({
        id: booking.id,
        reason: values.reason,
        ...(values.overrideReason ? { overrideReason: values.overrideReason } : {}),
        ...(values.refund ? { refund: values.refund } : {}),
      })
      form.reset()
      setOpen(false)
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {}
      const field = (['reason', 'overrideReason', 'refund'] as const).find((name) => fields[name])
      if (field) form.setError(field, { message: fields[field] })
      else form.setError('root', { message: errorText.of(error) })
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
        description={
          action
            ? t(`cancel.override.${action}`)
            : t(booking.paymentStatus === 'paid' ? 'cancel.leadPaid' : 'cancel.leadVenue')
        }
        returnFocusTo={button}
      >
        <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
          <Field
            label={t('cancel.reason')}
            hint={t('cancel.reasonHint')}
            error={errorText(errors.reason?.message)}
            required
          >
            {(control) => <Textarea {...control} rows={3} dir="auto" {...form.register('reason')} />}
          </Field>
          {action && (
            <Field
              label={t('cancel.override.reason')}
              hint={t('cancel.override.reasonHint')}
              error={errorText(errors.overrideReason?.message)}
              required
            >
              {(control) => (
                <Textarea {...control} rows={2} dir="auto" {...form.register('overrideReason')} />
              )}
            </Field>
          )}
          {refundNeeded && (
            <ChoiceGroup
              legend={t('cancel.override.refund')}
              error={errorText(errors.refund?.message)}
              required
            >
              {overrideRefunds.map((choice) => (
                <ChoiceOption
                  key={choice}
                  type="radio"
                  value={choice}
                  invalid={Boolean(errors.refund)}
                  label={t(`cancel.override.refunds.${choice}`)}
                  {...form.register('refund')}
                />
              ))}
            </ChoiceGroup>
          )}
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
