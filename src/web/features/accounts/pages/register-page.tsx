import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import {
  type Registration,
  type RegistrationInput,
  registrationSchema,
} from '../../../../shared/registration.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { BackLink } from '../../../components/ui/back-link.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input, phoneInputProps } from '../../../components/ui/field.tsx'
import { SuccessPanel } from '../../../components/ui/success-panel.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useAuthActions } from '../auth-api.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { BirthdayInput } from '../components/birthday-input.tsx'
import { GuestSignIn } from '../components/guest-sign-in.tsx'
import { PasswordInput } from '../components/password-input.tsx'

const empty: RegistrationInput = {
  firstName: '',
  middleName: '',
  lastName: '',
  birthday: '',
  email: '',
  confirmEmail: '',
  mobileNumber: '',
  password: '',
  confirmPassword: '',
}

export function RegisterPage() {
  const { t } = useTranslation('accounts')
  const errorText = useErrorText()
  const actions = useAuthActions()
  const navigate = useNavigate()
  const [done, setDone] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  const form = useForm<RegistrationInput, unknown, Registration>({
    resolver: zodResolver(registrationSchema),
    mode: 'onChange',
    defaultValues: empty,
  })
  const { errors, isValid, isSubmitting } = form.formState

  // After the success screen: sign out (nothing to keep) and go to sign-in, 3 s later.
  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => void actions.signOut().then(() => navigate(pagePath('login'))), 3000)
    return () => clearTimeout(timer)
  }, [done, actions, navigate])

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    try {
      await actions.register(values)
      setDone(true)
    } catch (error) {
      if (error instanceof ApiError)
        for (const [field, code] of Object.entries(error.fields))
          form.setError(field as keyof RegistrationInput, { message: code })
      setFailure(error)
    }
  })

  if (done) {
    return (
      <SuccessPanel title={t('registeredTitle')}>
        <p role="status" className="mt-3 mb-6 text-muted">
          {t('registeredBody')}
        </p>
        <Link to={pagePath('home')} className="font-semibold text-brand-700 hover:underline">
          {t('returnHome')}
        </Link>
      </SuccessPanel>
    )
  }

  const message = (field: keyof RegistrationInput) => {
    const code = errors[field]?.message
    return code ? errorText(String(code)) : undefined
  }
  const text = (
    field: keyof RegistrationInput,
    label: string,
    props: Record<string, unknown> = {},
    required = true,
  ) => (
    <Field label={label} error={message(field)} required={required}>
      {(control) => <Input {...control} {...props} {...form.register(field)} />}
    </Field>
  )

  return (
    <AuthCard title={t('registerTitle')} lead={t('registerLead')}>
      <BackLink to={pagePath('home')} className="mb-4">
        {t('back')}
      </BackLink>
      <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={(event) => void submit(event)}>
        {text('firstName', t('firstName'), { autoComplete: 'given-name' })}
        {text('middleName', t('middleName'), { autoComplete: 'additional-name' }, false)}
        {text('lastName', t('lastName'), { autoComplete: 'family-name' })}
        <Field label={t('birthday')} hint={t('birthdayHint')} error={message('birthday')}>
          {(control) => (
            <Controller
              control={form.control}
              name="birthday"
              render={({ field }) => (
                <BirthdayInput
                  {...control}
                  name={field.name}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </Field>
        {text('email', t('email'), { type: 'email', autoComplete: 'email', dir: 'ltr' })}
        {text('confirmEmail', t('confirmEmail'), { type: 'email', autoComplete: 'email', dir: 'ltr' })}
        <Field
          label={t('mobileNumber')}
          hint={t('mobileHint')}
          error={message('mobileNumber')}
          className="sm:col-span-2"
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
        <Field label={t('password')} hint={t('passwordHint')} error={message('password')} required>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              {...form.register('password', { deps: ['confirmPassword'] })}
            />
          )}
        </Field>
        <Field label={t('confirmPassword')} error={message('confirmPassword')} required>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register('confirmPassword')} />
          )}
        </Field>
        {failure !== undefined && (
          <p role="alert" className="text-sm font-medium text-accent-600 sm:col-span-2">
            {errorText.of(failure, t('registrationFailed'))}
          </p>
        )}
        <Button type="submit" size="lg" className="sm:col-span-2" disabled={!isValid} busy={isSubmitting}>
          {t('createAccount')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t('haveAccount')}{' '}
        <Link to={pagePath('login')} className="font-semibold text-brand-700 hover:underline">
          {t('signIn')}
        </Link>
      </p>
      <GuestSignIn />
    </AuthCard>
  )
}
