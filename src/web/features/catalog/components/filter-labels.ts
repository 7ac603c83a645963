import { useTranslation } from 'react-i18next'
import type { AreaNames } from '../../../../shared/area-names.ts'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { ClearableFilter, VenueFilters } from '../../../../shared/catalog-filters.ts'
import { facilityNames } from '../../../../shared/facilities.ts'

/** An area's name in the visitor's language, from the list's names; one not in it as the URL gives it. */
export function useAreaName(areas: readonly AreaNames[]) {
  const { i18n } = useTranslation('catalog')
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  return (id: string) => areas.find((area) => area.id === id)?.name[language] ?? id
}

/** Each active filter as the visitor reads it: "Area: Seef", "Facilities: Pool, Sauna". */
export function useFilterLabel(areas: readonly AreaNames[]) {
  const { t, i18n } = useTranslation('catalog')
  const areaName = useAreaName(areas)
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  return (name: ClearableFilter, filters: VenueFilters): string => {
    const value: Record<ClearableFilter, string> = {
      area: areaName(filters.area),
      facility: facilityNames(filters.facility, language).join(language === 'ar' ? '، ' : ', '),
      pass: filters.pass ? t(`passTypes.${filters.pass}`, { defaultValue: filters.pass }) : '',
      min: filters.min,
      max: filters.max,
      date: filters.date ? formatDisplayDate(filters.date) : '',
      hour: filters.hour ? `${filters.hour.padStart(2, '0')}:00` : '',
      bookable: '',
    }
    return t(`filterLabels.${name}`, { value: value[name] })
  }
}
