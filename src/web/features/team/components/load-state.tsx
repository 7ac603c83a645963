import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'

/** A query's loading and failure states, the same on every team page; its data once it has arrived. */
export function LoadState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>
  children: (data: T) => ReactNode
}) {
  const { t } = useTranslation('team')
  if (query.isPending)
    return (
      <p role="status" aria-busy="true" className="h-24 animate-pulse rounded-card bg-sand-200/70">
        <span className="sr-only">{t('loading')}</span>
      </p>
    )
  if (query.isError)
    return (
      <div role="alert" className="rounded-card bg-white p-6 text-center shadow-card">
        <p className="mb-4 text-ink">{t('loadFailed')}</p>
        <Button busy={query.isFetching} onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    )
  return <>{children(query.data)}</>
}

export function PageTitle({ title, lead }: { title: string; lead?: string }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      {lead && <p className="mt-2 text-muted">{lead}</p>}
    </>
  )
}

/** A moment as a date and time in Bahrain, in the visitor's language. */
export function useDateTime() {
  const { i18n } = useTranslation()
  const format = new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-BH' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bahrain',
  })
  return (iso: string) => format.format(new Date(iso))
}
