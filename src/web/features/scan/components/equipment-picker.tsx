import { clsx } from 'clsx'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { type EquipmentId, equipmentIds } from '../../../../shared/scan.ts'

/** The fixed equipment list as radio buttons: arrow keys move between them, as in any radio group. */
export function EquipmentPicker({
  legend,
  value,
  onChange,
}: {
  legend: string
  value: EquipmentId | null
  onChange: (id: EquipmentId) => void
}) {
  const { t } = useTranslation('scan')
  const name = useId()
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-ink">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {equipmentIds.map((id) => (
          <label
            key={id}
            className={clsx(
              'flex cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2.5 text-sm has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500',
              value === id ? 'border-brand-600 bg-brand-50 font-semibold' : 'border-brand-900/20 bg-white',
            )}
          >
            <input
              type="radio"
              name={name}
              value={id}
              checked={value === id}
              onChange={() => onChange(id)}
              className="size-4 accent-brand-700"
            />
            {t(`equipment.${id}.name`)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
