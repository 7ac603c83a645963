import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { AffectedBooking, DateException } from '../../../../shared/venue-schedule.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import {
  type BookingsConflict,
  bookingsConflict,
  useScheduleChange,
  useVenueSchedule,
} from '../schedule-api.ts'
import { ClosureForm } from './closure-form.tsx'
import {
  AffectedBookingsList,
  ConfirmChangeDialog,
  hourRanges,
  Notice,
  ScheduleLoading,
} from './schedule-parts.tsx'

/**
 * A venue's closures and changed dates, for the venue editor (/admin/venues/:id): the ones coming
 * up, each with the bookings in its closed times, and a form to add one. A change that hits
 * existing bookings is asked about first (how many, which), then saved on confirmation, and the
 * bookings are listed for the desk to contact.
 */
export function ClosuresSection({ venueId }: { venueId: string }) {
  const { t } = useTranslation('venue-schedule')
  const errorText = useErrorText()
  const schedule = useVenueSchedule(venueId)
  const change = useScheduleChange(venueId)
  const [pending, setPending] = useState<{ conflict: BookingsConflict; confirm(): void }>()
  const [affected, setAffected] = useState<AffectedBooking[]>([])
  const [notice, setNotice] = useState<{ text: string | undefined; tone: 'ok' | 'error' }>()
  const lastAction = useRef<HTMLElement | null>(null)
  const [editing, setEditing] = useState<DateException>()

  // Counts saved exceptions: the form clears itself on each (also after a confirmation).
  const [saves, setSaves] = useState(0)

  /** Sends a change; a 409 about bookings asks first, and the dialog sends it again confirmed. */
  const run = async (
    change: {
      send(confirm: boolean): Promise<{ affectedBookings: AffectedBooking[] }>
      done: string
      /** False when the list shows the bookings under the saved date already. */
      listAffected?: boolean
      onSaved?(): void
      onFieldErrors?(fields: Record<string, string>): void
    },
    confirm = false,
  ): Promise<void> => {
    setNotice(undefined)
    try {
      const answer = await change.send(confirm)
      setPending(undefined)
      setAffected(change.listAffected === false ? [] : answer.affectedBookings)
      setNotice({ text: change.done, tone: 'ok' })
      change.onSaved?.()
    } catch (error) {
      const conflict = bookingsConflict(error)
      if (conflict && !confirm) return setPending({ conflict, confirm: () => void run(change, true) })
      setPending(undefined)
      if (
        change.onFieldErrors &&
        error instanceof ApiError &&
        error.status === 400 &&
        Object.keys(error.fields).length > 0
      ) {
        change.onFieldErrors(error.fields)
        setNotice({ text: t('fixFields'), tone: 'error' })
      } else setNotice({ text: errorText.of(error, t('saveFailed')), tone: 'error' })
    }
  }

  const remove = (exception: DateException, button: HTMLElement) => {
    lastAction.current = button
    void run({
      send: (confirm) => change.mutateAsync({ kind: 'delete', date: exception.date, confirm }),
      done: t('closures.removed'),
      // A removed exception can no longer be changed.
      onSaved: () => setEditing((current) => (current?.date === exception.date ? undefined : current)),
    })
  }

  return (
    <section
      aria-labelledby="venue-closures-title"
      className="space-y-5 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <div>
        <h2 id="venue-closures-title" className="text-xl font-bold text-brand-900">
          {t('closures.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('closures.lead')}</p>
      </div>
      {schedule.data ? (
        <div className="space-y-2">
          <h3 className="font-bold text-brand-900">{t('closures.upcoming')}</h3>
          {schedule.data.exceptions.length === 0 ? (
            <p className="text-sm text-muted">{t('closures.empty')}</p>
          ) : (
            <ul className="divide-y divide-brand-900/10">
              {schedule.data.exceptions.map((exception) => (
                <ExceptionItem
                  key={exception.date}
                  exception={exception}
                  onRemove={remove}
                  onEdit={setEditing}
                  busy={change.isPending}
                />
              ))}
            </ul>
          )}
        </div>
      ) : (
        <ScheduleLoading query={schedule} />
      )}
      <Notice text={notice?.text} tone={notice?.tone ?? 'ok'} />
      <AffectedBookingsList bookings={affected} />
      <ClosureForm
        key={editing?.date ?? 'new'}
        editing={editing}
        onCancelEdit={() => setEditing(undefined)}
        busy={change.isPending && !pending}
        saves={saves}
        onSave={(values, setFieldError, button) => {
          lastAction.current = button
          const { date, ...body } = values
          return run({
            send: (confirm) => change.mutateAsync({ kind: 'exception', date, body: { ...body, confirm } }),
            done: t('closures.saved'),
            listAffected: false,
            onSaved: () => {
              setEditing(undefined)
              setSaves((count) => count + 1)
            },
            onFieldErrors: (fields) => {
              for (const [field, code] of Object.entries(fields)) setFieldError(field, code)
            },
          })
        }}
      />
      <ConfirmChangeDialog
        conflict={pending?.conflict}
        busy={change.isPending}
        onConfirm={() => pending?.confirm()}
        onCancel={() => setPending(undefined)}
        returnFocusTo={lastAction}
      />
    </section>
  )
}

function ExceptionItem({
  exception,
  onRemove,
  onEdit,
  busy,
}: {
  exception: DateException
  onRemove(exception: DateException, button: HTMLElement): void
  onEdit(exception: DateException): void
  busy: boolean
}) {
  const { t } = useTranslation('venue-schedule')
  const days = t('days', { returnObjects: true }) as string[]
  const weekday = days[new Date(`${exception.date}T00:00:00Z`).getUTCDay()]
  const parts = [
    exception.closedAllDay
      ? t('closures.allDay')
      : exception.closedHours.length > 0
        ? t('closures.closedHours', { hours: hourRanges(exception.closedHours, t('midnight')) })
        : undefined,
    exception.capacity !== null ? t('closures.places', { count: exception.capacity }) : undefined,
  ].filter(Boolean)
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-ink">
            {weekday} <span dir="ltr">{formatDisplayDate(exception.date)}</span>
          </p>
          <p className="text-sm text-ink">{parts.join(' · ')}</p>
          {exception.note && <p className="text-sm text-muted">{exception.note}</p>}
          {exception.affectedBookings.length > 0 && (
            <p className="text-sm font-medium text-accent-600">
              {t('closures.affected', { count: exception.affectedBookings.length })}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('closures.editLabel', { date: formatDisplayDate(exception.date) })}
            onClick={() => onEdit(exception)}
          >
            {t('closures.edit')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            aria-label={t('closures.removeLabel', { date: formatDisplayDate(exception.date) })}
            onClick={(event) => onRemove(exception, event.currentTarget)}
          >
            {t('closures.remove')}
          </Button>
        </div>
      </div>
      <AffectedBookingsList bookings={exception.affectedBookings} headingLevel={4} />
    </li>
  )
}
