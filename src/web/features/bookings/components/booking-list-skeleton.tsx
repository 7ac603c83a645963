import { useTranslation } from 'react-i18next'

/** Placeholder cards in the shape of booking cards while the list loads. */
export function BookingListSkeleton() {
  const { t } = useTranslation('bookings')
  return (
    <div aria-busy="true" className="space-y-4">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div className="h-6 w-48 animate-pulse rounded bg-sand-200" />
      {[1, 2, 3].map((key) => (
        <div key={key} className="animate-pulse rounded-card bg-white p-5 shadow-card">
          <div className="flex justify-between gap-3">
            <div className="h-5 w-1/2 rounded bg-sand-200" />
            <div className="h-5 w-16 rounded-full bg-sand-100" />
          </div>
          <div className="mt-2 h-3 w-1/3 rounded bg-sand-100" />
          <div className="mt-5 grid grid-cols-3 gap-4">
            <div className="h-8 rounded bg-sand-100" />
            <div className="h-8 rounded bg-sand-100" />
            <div className="h-8 rounded bg-sand-100" />
          </div>
        </div>
      ))}
    </div>
  )
}
