import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { countOf, type ErrorParams } from '../../shared/errors.ts'
import { ApiError } from './api-client.ts'

/**
 * The one way the web app words an error: by its code (src/shared/errors.ts), from the `errors`
 * catalog in the visitor's language. Field errors from the shared schemas are codes too, so a form
 * passes `errors.email?.message` straight in. An unknown code reads as a generic "not valid".
 *
 * The catalog loads when a component using this mounts, without suspending and without being
 * counted as a namespace the page needs: forms show errors only after the visitor acts, by which
 * time it is there (until then an error is not shown, rather than shown as a code). So the
 * server-drawn pages with a form (the newsletter on the home page) keep it out of their first download.
 */
export function useErrorText() {
  const { i18n } = useTranslation() // re-renders on a change of language
  const [, loaded] = useState(0)
  useEffect(() => {
    const onLoaded = () => loaded((count) => count + 1)
    i18n.on('loaded', onLoaded)
    void i18n.loadNamespaces('errors').then(onLoaded)
    return () => i18n.off('loaded', onLoaded)
  }, [i18n])
  const text = (code: string | undefined, params?: ErrorParams): string | undefined => {
    if (!code || !i18n.hasLoadedNamespace('errors')) return undefined
    const key = i18n.exists(code, { ns: 'errors' }) ? code : 'INVALID_VALUE'
    // A text that counts something gets its number as i18next's `count`, which picks the plural form.
    const count = countOf(code, params)
    return i18n.t(key, { ns: 'errors', ...params, ...(count === undefined ? {} : { count }) })
  }
  /** What went wrong with a call: the server's code for a 4xx, else the fallback (or a generic one). */
  text.of = (error: unknown, fallback?: string): string | undefined => {
    if (!error) return undefined
    if (error instanceof ApiError && error.status < 500 && error.code !== 'HTTP_ERROR')
      // A refused form speaks through its first field's code; the fields show their own under them.
      return text(
        error.code === 'VALIDATION_FAILED' ? (Object.values(error.fields)[0] ?? error.code) : error.code,
        error.params,
      )
    return (
      fallback ??
      text(
        error instanceof ApiError ? error.code : 'HTTP_ERROR',
        error instanceof ApiError ? error.params : undefined,
      )
    )
  }
  return text
}
