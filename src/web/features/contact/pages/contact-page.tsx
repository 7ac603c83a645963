import { zodResolver } from '@hookform/resolvers/zod'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { attachmentProblem, type ContactForm, contactSchema } from '../../../../shared/contact.ts'
import { contactEndpoints } from '../../../../shared/endpoints/contact.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { SuccessPanel } from '../../../components/ui/success-panel.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { callApi } from '../../../lib/call-api.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { AuthCard } from '../../accounts/components/auth-card.tsx'

type Fields = Omit<ContactForm, 'attachment'>

/** The file's bytes as base64, without the data: prefix. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '')
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

export function ContactPage() {
  const { t } = useTranslation('contact')
  const errorText = useErrorText()
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle')
  const [file, setFile] = useState<File>()
  const [fileError, setFileError] = useState<string>()
  const fileInput = useRef<HTMLInputElement>(null)
  const form = useForm<Fields>({
    resolver: zodResolver(contactSchema.omit({ attachment: true })),
    mode: 'onTouched',
  })
  const { errors } = form.formState

  function chooseFile(chosen: File | undefined) {
    const problem = chosen ? attachmentProblem(chosen) : undefined
    setFileError(problem)
    // An invalid file is cleared, so it is never sent by mistake.
    if ((problem || !chosen) && fileInput.current) fileInput.current.value = ''
    setFile(problem ? undefined : chosen)
  }

  const submit = form.handleSubmit(async (values) => {
    setState('sending')
    try {
      const attachment = file
        ? { fileName: file.name, contentType: file.type, dataBase64: await readBase64(file) }
        : undefined
      await callApi(contactEndpoints.send, { body: { ...values, attachment } as ContactForm })
      setState('sent')
    } catch (error) {
      // The server looks at the file's bytes: a renamed file is refused there, and cleared here.
      const fileProblem = error instanceof ApiError ? error.fields.attachment : undefined
      if (fileProblem) {
        chooseFile(undefined)
        setFileError(fileProblem)
        setState('idle')
      } else setState('error')
    }
  })

  if (state === 'sent') {
    return (
      <SuccessPanel title={t('sentTitle')}>
        <p role="status" className="mt-3 mb-6 text-muted">
          {t('sentBody')}
        </p>
        <Link to={pagePath('home')} className="font-semibold text-brand-700 hover:underline">
          {t('returnHome')}
        </Link>
      </SuccessPanel>
    )
  }
  return (
    <AuthCard title={t('title')} lead={t('lead')}>
      <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('name')} error={errorText(errors.name?.message)} required>
            {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
          </Field>
          <Field label={t('email')} error={errorText(errors.email?.message)} required>
            {(control) => (
              <Input {...control} type="email" dir="ltr" autoComplete="email" {...form.register('email')} />
            )}
          </Field>
        </div>
        <Field label={t('subject')} error={errorText(errors.subject?.message)} required>
          {(control) => <Input {...control} {...form.register('subject')} />}
        </Field>
        <Field label={t('message')} error={errorText(errors.message?.message)} required>
          {(control) => (
            <textarea
              {...control}
              rows={6}
              {...form.register('message')}
              className="block w-full rounded-xl border border-brand-900/20 bg-white px-3.5 py-2.5 text-base focus:border-brand-500 focus:ring-3 focus:ring-brand-200 focus:outline-none"
            />
          )}
        </Field>
        <Field label={t('attachment')} hint={t('attachmentHint')} error={errorText(fileError)}>
          {(control) => (
            <div className="flex items-center gap-2">
              <input
                {...control}
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png,image/gif,image/webp,application/pdf"
                onChange={(event) => chooseFile(event.target.files?.[0])}
                className="block w-full text-sm file:me-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
              />
              {file && (
                <Button variant="ghost" size="sm" onClick={() => chooseFile(undefined)}>
                  {t('removeFile')}
                </Button>
              )}
            </div>
          )}
        </Field>
        {state === 'error' && (
          <p role="alert" className="text-sm font-medium text-accent-600">
            {t('failed')}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" busy={state === 'sending'}>
          {t('send')}
        </Button>
        <p className="text-center text-sm text-muted">{t('elsewhere')}</p>
      </form>
    </AuthCard>
  )
}
