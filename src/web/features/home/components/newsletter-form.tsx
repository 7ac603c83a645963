import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { newsletterSubscribeRoute } from '../../../../shared/endpoints/newsletter-routes.ts'
import type { ErrorCode } from '../../../../shared/errors.ts'
import type { Language } from '../../../../shared/i18n.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { callApi } from '../../../lib/call-api.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { revealAndFocus } from '../../../lib/reveal.ts'

type State = 'idle' | 'submitting' | 'success'

/** The address's check: the form's zod schema (../../../../shared/newsletter.ts). */
type Check = (email: string) => ErrorCode | undefined
let loadedCheck: Check | undefined
/**
 * The check and zod with it (15 KiB) load once the visitor starts on the form, not with the home
 * page: the page is interactive sooner, and the check is there by the time an address is typed.
 */
const loadCheck = (): Promise<Check> =>
  import('../../../../shared/newsletter.ts').then(({ newsletterEmailError }) => {
    loadedCheck = newsletterEmailError
    return newsletterEmailError
  })

/** The newsletter sign-up: checked as it is typed, sent to the server, with the spec's messages. */
export function NewsletterForm() {
  const { t, i18n } = useTranslation('home')
  const [email, setEmail] = useState('')
  const [touched, setTouched] = useState(false)
  const [state, setState] = useState<State>('idle')
  const [serverError, setServerError] = useState<ErrorCode>()
  const errorText = useErrorText()
  const [check, setCheck] = useState<Check | undefined>(() => loadedCheck)
  const wantCheck = () => {
    if (!check) void loadCheck().then((loaded) => setCheck(() => loaded))
  }
  // An address typed before the app started arrives as a change: its check follows at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once, when the form is first touched
  useEffect(() => {
    if (touched) wantCheck()
  }, [touched])
  const fieldError = touched && check ? check(email) : undefined
  const shown = fieldError ?? serverError

  async function submit() {
    setTouched(true)
    if ((check ?? (await loadCheck()))(email)) return
    setState('submitting')
    setServerError(undefined)
    try {
      await callApi(newsletterSubscribeRoute, { body: { email, language: i18n.language as Language } })
      setState('success')
    } catch (error) {
      setServerError(
        error instanceof ApiError && error.status === 409 ? 'ALREADY_SUBSCRIBED' : 'SUBSCRIBE_FAILED',
      )
      setState('idle')
    }
  }

  if (state === 'success') return <Subscribed title={t('subscribedTitle')} body={t('subscribedBody')} />

  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <Field
        label={<span className="text-white">{t('emailLabel')}</span>}
        error={errorText(shown)}
        className="flex-1 [&_[role=alert]]:text-sand-300"
      >
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            value={email}
            onFocus={wantCheck}
            onChange={(event) => {
              setEmail(event.target.value)
              setTouched(true)
              setServerError(undefined)
            }}
          />
        )}
      </Field>
      <Button
        type="submit"
        variant="accent"
        busy={state === 'submitting'}
        disabled={Boolean(fieldError)}
        className="sm:mt-7"
      >
        {t('subscribe')}
      </Button>
    </form>
  )
}

/** The thanks that replaces the form: in view and focused, like every form's success (SuccessPanel). */
function Subscribed({ title, body }: { title: string; body: string }) {
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (panel.current) revealAndFocus(panel.current)
  }, [])
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="status"
      className="scroll-mt-24 rounded-card bg-white/10 p-6 focus:outline-none"
    >
      <p className="text-xl font-bold">{title}</p>
      <p className="mt-1 text-brand-50/90">{body}</p>
    </div>
  )
}
