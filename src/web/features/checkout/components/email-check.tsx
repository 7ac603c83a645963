import { useEffect, useId, useRef, useState } from 'react'
import { otpLength, sanitizeOtpInput } from '../../../../shared/checkout.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useCheckoutText } from '../checkout-text.ts'
import type { EmailVerification } from '../use-email-verification.ts'

interface EmailCheckProps {
  verification: EmailVerification
  /** Both e-mail fields are filled in, valid and equal: a code can be sent. */
  emailsReady: boolean
}

/** Send Code to Email, then the code entry with Verify and Resend, then the "Email verified" mark. */
export function EmailCheck({ verification: check, emailsReady }: EmailCheckProps) {
  const { t, isolated } = useCheckoutText()
  const errorText = useErrorText()
  const [code, setCode] = useState('')
  const codeInput = useRef<HTMLInputElement>(null)
  const codeFieldId = useId()
  const state = check.verification

  // A fresh code goes into an empty box, and keyboard users land in it.
  const sentTo = state.step === 'sent' ? state.email : undefined
  useEffect(() => {
    if (!sentTo) return
    setCode('')
    codeInput.current?.focus()
  }, [sentTo])

  /** The e-mail field's own code when the server names one, else the answer's. */
  const failureText = (error: Error | null, fallback: string) =>
    error instanceof ApiError && error.fields.email
      ? errorText(error.fields.email)
      : errorText.of(error, fallback)
  // A too-early resend is no error: the code sent moments ago still works, and the entry says so.
  const tooSoon = check.sendError instanceof ApiError && check.sendError.code === 'RESEND_TOO_SOON'
  const sendError = tooSoon ? undefined : failureText(check.sendError, t('guest.sendFailed'))
  const resendLabel =
    check.resendIn > 0 ? t('guest.resendIn', { seconds: check.resendIn }) : t('guest.resend')

  if (state.step === 'verified') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3 sm:col-span-2">
        <p role="status" className="flex items-center gap-2 font-semibold text-brand-800">
          <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
            <circle cx="10" cy="10" r="9" fill="currentColor" />
            <path
              d="m6 10.5 2.5 2.5L14 7.5"
              fill="none"
              stroke="white"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          {t('guest.verified')}
        </p>
        <Button variant="ghost" size="sm" onClick={check.restart}>
          {t('guest.useDifferentEmail')}
        </Button>
      </div>
    )
  }

  if (state.step === 'idle') {
    return (
      <div className="space-y-2 sm:col-span-2">
        <Button
          variant="secondary"
          onClick={check.send}
          disabled={!emailsReady || check.resendIn > 0}
          busy={check.sending}
        >
          {check.resendIn > 0 ? resendLabel : t('guest.sendOtp')}
        </Button>
        {sendError && (
          <p role="alert" className="text-sm font-medium text-accent-600">
            {sendError}
          </p>
        )}
      </div>
    )
  }

  const verifyError = failureText(check.verifyError, t('guest.verifyFailed'))
  const verifyErrorId = `${codeFieldId}-error`
  return (
    <div className="space-y-3 rounded-xl border border-brand-900/10 bg-sand-50 p-4 sm:col-span-2">
      <p role="status" className="text-sm text-ink">
        {state.recentlySent
          ? t('guest.recentlySent', { email: isolated(state.email) })
          : t('guest.codeSent', { email: isolated(state.email), count: state.expiresInMinutes })}
      </p>
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          if (code.length === otpLength) check.verify(code)
        }}
      >
        <Field label={t('guest.enterOtp')} className="w-40">
          {(control) => (
            <Input
              {...control}
              aria-invalid={verifyError ? true : undefined}
              aria-describedby={verifyError ? verifyErrorId : undefined}
              ref={codeInput}
              value={code}
              onChange={(event) => setCode(sanitizeOtpInput(event.target.value))}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={otpLength}
              dir="ltr"
              className="text-center font-semibold tracking-[0.3em]"
            />
          )}
        </Field>
        <Button type="submit" disabled={code.length !== otpLength} busy={check.verifying}>
          {t('guest.verify')}
        </Button>
        <Button variant="ghost" onClick={check.send} disabled={check.resendIn > 0} busy={check.sending}>
          {resendLabel}
        </Button>
      </form>
      {/* Under the whole row, not inside the narrow code box, so the message reads on one or two lines. */}
      {verifyError && (
        <p id={verifyErrorId} role="alert" className="text-sm font-medium text-accent-600">
          {verifyError}
        </p>
      )}
      {sendError && (
        <p role="alert" className="text-sm font-medium text-accent-600">
          {sendError}
        </p>
      )}
    </div>
  )
}
