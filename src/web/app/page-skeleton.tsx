import { useTranslation } from 'react-i18next'

/**
 * A neutral stand-in for a page's content while its code loads: the server sends it inside the
 * layout for the pages the browser draws, so the screen is never blank (docs/decisions/018).
 */
export function PageSkeleton() {
  const { t } = useTranslation()
  return (
    <div className="container-page py-10" aria-busy="true">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div className="animate-pulse space-y-4" aria-hidden="true">
        <div className="h-9 w-2/3 max-w-md rounded bg-sand-200" />
        <div className="h-4 w-full max-w-xl rounded bg-sand-100" />
        <div className="h-4 w-5/6 max-w-lg rounded bg-sand-100" />
        <div className="mt-8 h-64 w-full rounded-card bg-white shadow-card" />
      </div>
    </div>
  )
}
