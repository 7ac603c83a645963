import { useTranslation } from 'react-i18next'

/**
 * Shown when a page fails to load or render: the heading the spec names, the error text, and a way out.
 * Inside the layout it is a section; as the last resort (the layout itself failed) it is the page.
 */
export function RouteErrorScreen({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const { t } = useTranslation()
  const text = error instanceof Error ? error.message : String(error)
  const Wrapper = standalone ? 'main' : 'section'
  return (
    <Wrapper className="container-page flex min-h-[60dvh] flex-col items-start justify-center gap-4 py-16">
      <h1 className="text-3xl font-bold text-brand-900">{t('errors.unexpected')}</h1>
      <pre className="max-w-full overflow-x-auto rounded-xl bg-sand-100 p-4 text-sm whitespace-pre-wrap text-accent-600">
        {text}
      </pre>
      <p className="max-w-prose text-muted">{t('errors.unexpectedHint')}</p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-brand-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t('errors.reload')}
        </button>
        {/* A full page load, so a broken app state is not carried over. */}
        <a
          href="/"
          className="rounded-full border border-brand-800/25 px-5 py-2.5 text-sm font-semibold text-brand-900"
        >
          {t('errors.goHome')}
        </a>
      </div>
    </Wrapper>
  )
}
