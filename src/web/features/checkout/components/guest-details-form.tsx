import { type UseFormReturn, useWatch } from 'react-hook-form'
import { emailSchema } from '../../../../shared/accounts.ts'
import type { GuestDetails } from '../../../../shared/checkout.ts'
import { Field, Input, phoneInputProps } from '../../../components/ui/field.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useCheckoutText } from '../checkout-text.ts'
import type { EmailVerification } from '../use-email-verification.ts'
import { EmailCheck } from './email-check.tsx'

interface GuestDetailsFormProps {
  form: UseFormReturn<GuestDetails>
  verification: EmailVerification
}

/** The guest panel: names, e-mail twice with its one-time-code check, and a mobile number. */
export function GuestDetailsForm({ form, verification }: GuestDetailsFormProps) {
  const { t } = useCheckoutText()
  const errorText = useErrorText()
  const { errors } = form.formState
  const [email, confirmEmail] = useWatch({ control: form.control, name: ['email', 'confirmEmail'] })
  const emailsReady =
    emailSchema.safeParse(email).success && email.trim().toLowerCase() === confirmEmail.trim().toLowerCase()
  const locked = verification.verification.step === 'verified'

  const message = (field: keyof GuestDetails) => {
    const text = errors[field]?.message
    return text ? errorText(String(text)) : undefined
  }
  const text = (field: keyof GuestDetails, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} error={message(field)} required>
      {(control) => <Input {...control} {...props} {...form.register(field)} />}
    </Field>
  )
  const emailProps = {
    type: 'email',
    dir: 'ltr',
    autoComplete: 'email',
    readOnly: locked,
    className: 'read-only:bg-sand-100',
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text('firstName', t('guest.firstName'), { autoComplete: 'given-name' })}
      {text('lastName', t('guest.lastName'), { autoComplete: 'family-name' })}
      <Field label={t('guest.email')} error={message('email')} required>
        {(control) => (
          <Input {...control} {...emailProps} {...form.register('email', { deps: ['confirmEmail'] })} />
        )}
      </Field>
      {text('confirmEmail', t('guest.confirmEmail'), emailProps)}
      <EmailCheck verification={verification} emailsReady={emailsReady} />
      <Field
        label={t('guest.mobileNumber')}
        hint={t('guest.mobileHint')}
        error={message('mobileNumber')}
        className="sm:col-span-2"
        required
      >
        {(control) => (
          <Input
            {...control}
            {...phoneInputProps}
            autoComplete="tel"
            placeholder="+973 3612 3456"
            {...form.register('mobileNumber')}
          />
        )}
      </Field>
    </div>
  )
}
