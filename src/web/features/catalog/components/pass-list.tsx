import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'
import type { Pass } from '../../../../shared/catalog-api.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'

interface PassListProps {
  passes: Pass[]
  selectedId: string | undefined
  onChoose(passId: string): void
  /** Coming Soon venues show their prices greyed and not selectable. */
  disabled?: boolean
}

/**
 * The venue's passes as buttons, the chosen one pressed. A second tap on it keeps it chosen: a
 * visitor who taps again to be sure must not lose the choice.
 */
export function PassList({ passes, selectedId, onChoose, disabled = false }: PassListProps) {
  const { t } = useTranslation('catalog')
  const money = useMoney()
  const localize = useLocalized()
  return (
    <ul className="space-y-2" aria-label={t('passes')}>
      {passes.map((pass) => {
        const selected = pass.id === selectedId
        return (
          <li key={pass.id}>
            <button
              type="button"
              aria-pressed={selected}
              disabled={disabled}
              onClick={() => onChoose(pass.id)}
              className={clsx(
                'flex w-full items-start justify-between gap-3 rounded-xl border px-3.5 py-2.5 text-start transition-colors',
                disabled
                  ? 'cursor-not-allowed border-brand-900/10 bg-sand-100/60 text-muted/70'
                  : selected
                    ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-500/40'
                    : 'border-brand-900/15 bg-white hover:border-brand-600/60',
              )}
            >
              <span className="min-w-0">
                <span
                  className={clsx('block text-sm font-semibold', disabled ? 'text-muted/80' : 'text-ink')}
                >
                  {localize(pass.name)}
                </span>
                <span className="block text-xs text-muted">{localize(pass.description)}</span>
              </span>
              <span
                className={clsx('shrink-0 text-sm font-bold', disabled ? 'text-muted/70' : 'text-brand-800')}
                dir="auto"
              >
                {money(pass.price)}
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
