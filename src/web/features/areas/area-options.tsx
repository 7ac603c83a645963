import { type AreaNames, sortAreas } from '../../../shared/area-names.ts'

/**
 * A select's options for the list of areas, by name in the page's language, after an empty first
 * choice: the application form and the venue editor choose an area from the list, never type one.
 */
export function AreaOptions({
  areas,
  language,
  placeholder,
}: {
  areas: readonly AreaNames[]
  language: 'en' | 'ar'
  placeholder: string
}) {
  return (
    <>
      <option value="">{placeholder}</option>
      {sortAreas(areas, language).map((area) => (
        <option key={area.id} value={area.id}>
          {area.name[language]}
        </option>
      ))}
    </>
  )
}
