import { clsx } from 'clsx'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { visitorPriceFils } from '../../../../shared/vat.ts'
import type { AdminPass, AdminVenueDetail } from '../../../../shared/venue-admin.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useVenueChange } from '../api.ts'
import { PassDialog } from './pass-dialog.tsx'
import { EditorSection, Notice } from './section.tsx'

/** The venue's passes in the visitors' order, archived ones too: reorder, add, edit, archive, restore. */
export function PassesSection({ detail }: { detail: AdminVenueDetail }) {
  const { t, i18n } = useTranslation('venue-admin')
  const errorText = useErrorText()
  const money = useMoney()
  const change = useVenueChange(detail.venue.id)
  const [editing, setEditing] = useState<{ pass: AdminPass | undefined }>()
  const opener = useRef<HTMLElement | null>(null)
  const { passes } = detail
  const arabic = i18n.language === 'ar'
  const terms = {
    vatRegistered: detail.venue.vat.vatRegistered,
    pricesIncludeVat: detail.venue.vat.pricesIncludeVat,
  }
  const vatAdded = terms.vatRegistered && !terms.pricesIncludeVat

  const move = (index: number, by: -1 | 1) => {
    const ids = passes.map((pass) => pass.id)
    const [moved] = ids.splice(index, 1)
    if (moved === undefined) return
    ids.splice(index + by, 0, moved)
    change.mutate({ kind: 'orderPasses', ids })
  }
  const open = (pass: AdminPass | undefined) => (event: { currentTarget: HTMLElement }) => {
    opener.current = event.currentTarget
    setEditing({ pass })
  }

  return (
    <EditorSection id="venue-passes" title={t('passes.title')}>
      {passes.length === 0 ? (
        <p className="text-muted">{t('passes.empty')}</p>
      ) : (
        <ol className="divide-y divide-brand-900/10">
          {passes.map((pass, index) => {
            const name = (arabic ? pass.nameAr : pass.nameEn) || pass.nameEn
            const archived = pass.archivedAt !== null
            return (
              <li
                key={pass.id}
                className={clsx('flex flex-wrap items-center gap-3 py-3', archived && 'opacity-70')}
              >
                <div className="min-w-0 flex-1 basis-56">
                  <h3 className="font-semibold text-ink">
                    {name}
                    {archived && (
                      <span className="ms-2 rounded-full bg-sand-200 px-2 py-0.5 text-xs font-bold">
                        {t('passes.archived')}
                      </span>
                    )}
                  </h3>
                  <p className="text-sm text-muted">
                    {t(`passes.types.${pass.type}`, { defaultValue: pass.type })} · {t('passes.weekday')}{' '}
                    {money(pass.weekdayPriceFils)} · {t('passes.weekend')}{' '}
                    {pass.weekendPriceFils === null
                      ? t('passes.sameAsWeekday')
                      : money(pass.weekendPriceFils)}
                    {pass.holidayPriceFils !== null &&
                      ` · ${t('passes.holiday')} ${money(pass.holidayPriceFils)}`}
                  </p>
                  {vatAdded && (
                    // The prices are set before VAT: what a visitor pays is the total (src/shared/vat.ts).
                    <p className="text-sm text-muted">
                      {t('passes.visitorsPay', {
                        price: money(visitorPriceFils(pass.weekdayPriceFils, terms)),
                      })}
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap items-center gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('passes.moveUp', { name })}
                    disabled={index === 0 || change.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <span aria-hidden="true">↑</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('passes.moveDown', { name })}
                    disabled={index === passes.length - 1 || change.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                  </Button>
                  <Button variant="secondary" size="sm" onClick={open(pass)}>
                    {t('passes.edit')}
                    <span className="sr-only"> {name}</span>
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={change.isPending}
                    onClick={() =>
                      change.mutate({ kind: archived ? 'restorePass' : 'archivePass', passId: pass.id })
                    }
                  >
                    {archived ? t('passes.restore') : t('passes.archive')}
                    <span className="sr-only"> {name}</span>
                  </Button>
                </div>
              </li>
            )
          })}
        </ol>
      )}
      {change.isError && (
        <div className="mt-3">
          <Notice tone="error">{errorText.of(change.error)}</Notice>
        </div>
      )}
      <Button className="mt-4" onClick={open(undefined)}>
        {t('passes.add')}
      </Button>
      {editing && (
        <PassDialog
          venueId={detail.venue.id}
          pass={editing.pass}
          returnFocusTo={opener}
          onClose={() => setEditing(undefined)}
        />
      )}
    </EditorSection>
  )
}
