import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { typedNumber } from '../../../../shared/normalise/digits.ts'
import {
  calorieInputSchema,
  caloriesFor,
  type EquipmentId,
  efforts,
  equipmentById,
  minutesLimits,
  weightLimits,
} from '../../../../shared/scan.ts'
import { Field, Input } from '../../../components/ui/field.tsx'
import { useErrorText } from '../../../lib/error-text.ts'

/** A typed number, accepting Arabic-Indic and Persian digits and a decimal comma; NaN when empty or not a number. */
export function parseTypedNumber(text: string): number {
  return typedNumber(text.replace(',', '.'))
}

/**
 * The calories of a session on the equipment at each effort, from its MET values (2024 Adult
 * Compendium) and the user's weight and minutes, recomputed as they type.
 */
export function CaloriePanel({ equipment }: { equipment: EquipmentId }) {
  const { t } = useTranslation('scan')
  const errorText = useErrorText()
  const [weight, setWeight] = useState(String(weightLimits.default))
  const [minutesText, setMinutesText] = useState(String(minutesLimits.default))

  const parsed = calorieInputSchema.safeParse({
    kg: parseTypedNumber(weight),
    minutes: parseTypedNumber(minutesText),
  })
  const problem = (field: 'kg' | 'minutes') => {
    return errorText(parsed.error?.issues.find((issue) => issue.path[0] === field)?.message)
  }
  const { met } = equipmentById(equipment)
  const input = parsed.success ? parsed.data : undefined
  const calories = input ? caloriesFor({ equipment, ...input }) : undefined
  const totals = calories ? efforts.map((effort) => calories[effort].total) : []
  const low = Math.min(...totals)
  const high = Math.max(...totals)

  return (
    <div className="space-y-5">
      <div className="grid grid-cols-2 gap-4">
        <Field label={t('calories.weight')} error={problem('kg')}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={weight}
              onChange={(event) => setWeight(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('calories.minutes')} error={problem('minutes')}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              value={minutesText}
              onChange={(event) => setMinutesText(event.target.value)}
            />
          )}
        </Field>
      </div>

      <p aria-live="polite" className="text-lg font-semibold text-brand-900">
        {!input
          ? t('calories.fixInputs')
          : low === high
            ? t('calories.summarySingle', { kcal: low, count: input.minutes, kg: input.kg })
            : t('calories.summary', { low, high, count: input.minutes, kg: input.kg })}
      </p>

      <div className="overflow-x-auto">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('calories.caption')}</caption>
          <thead>
            <tr className="border-b border-brand-900/15 text-muted">
              <th scope="col" className="py-2 pe-3 text-start font-semibold">
                {t('calories.effort')}
              </th>
              <th scope="col" className="px-2 py-2 text-end font-semibold">
                {t('calories.met')}
              </th>
              <th scope="col" className="px-2 py-2 text-end font-semibold">
                {t('calories.perMinute')}
              </th>
              <th scope="col" className="py-2 ps-2 text-end font-semibold">
                {t(
                  'calories.total',
                  input ? { minutes: input.minutes, count: input.minutes } : { minutes: '–' },
                )}
              </th>
            </tr>
          </thead>
          <tbody>
            {efforts.map((effort) => (
              <tr key={effort} data-effort={effort} className="border-b border-brand-900/10 align-top">
                <th scope="row" className="py-2.5 pe-3 text-start font-normal">
                  <span className="block font-semibold text-ink">{t(`calories.${effort}`)}</span>
                  <span className="block text-xs text-muted">{t(`equipment.${equipment}.${effort}`)}</span>
                </th>
                <td className="px-2 py-2.5 text-end tabular-nums">{met[effort].toFixed(1)}</td>
                <td className="px-2 py-2.5 text-end tabular-nums">
                  {calories ? calories[effort].perMinute.toFixed(1) : '–'}
                </td>
                <td className="py-2.5 ps-2 text-end text-base font-bold text-brand-900 tabular-nums">
                  {calories ? calories[effort].total : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="space-y-1 rounded-xl bg-sand-100 p-4 text-sm text-muted">
        <p>{t('calories.formula')}</p>
        <p>
          {t('calories.source')}{' '}
          <a
            href="https://pacompendium.com/"
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-brand-700 underline"
          >
            {t('calories.sourceName')}
          </a>
          .
        </p>
      </div>
    </div>
  )
}
