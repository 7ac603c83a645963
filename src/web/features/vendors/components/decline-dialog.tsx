import { zodResolver } from '@hookform/resolvers/zod'
import type { RefObject } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  type DeclineApplication,
  type DeclineApplicationInput,
  declineApplicationSchema,
  declineReasonLength,
} from '../../../../shared/application-review.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Textarea } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'

/**
 * The reason the applicant will read, checked by the same schema as the server's. A refusal of the
 * reason itself shows under the field; any other failure shows above the buttons, and the typed
 * reason stays for another try.
 */
export function DeclineDialog({
  open,
  onOpenChange,
  onDecline,
  returnFocusTo,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  /** Sends the decision; rejects with the server's error. */
  onDecline(input: DeclineApplication): Promise<unknown>
  returnFocusTo?: RefObject<HTMLElement | null>
}) {
  const { t } = useTranslation('admin')
  const errorText = useErrorText()
  const form = useForm<DeclineApplicationInput, unknown, DeclineApplication>({
    resolver: zodResolver(declineApplicationSchema),
    defaultValues: { reason: '' },
    mode: 'onTouched',
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    try {
      await onDecline(values)
      form.reset()
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.reason : undefined
      form.setError(field ? 'reason' : 'root', {
        message: field ?? errorText.of(error, t('applications.review.failed')),
      })
    }
  })

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('applications.review.declineTitle')}
      description={t('applications.review.declineLead')}
      returnFocusTo={returnFocusTo}
    >
      <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
        <Field
          label={t('applications.review.reasonLabel')}
          hint={t('applications.review.reasonHint', {
            ...declineReasonLength,
            count: declineReasonLength.max,
          })}
          error={errorText(errors.reason?.message)}
          required
        >
          {(control) => <Textarea {...control} rows={5} dir="auto" {...form.register('reason')} />}
        </Field>
        {errors.root?.message && (
          <p role="alert" className="text-sm font-medium text-accent-600">
            {errors.root.message}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('applications.review.cancel')}
          </Button>
          <Button type="submit" variant="accent" busy={isSubmitting}>
            {t('applications.review.confirmDecline')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
