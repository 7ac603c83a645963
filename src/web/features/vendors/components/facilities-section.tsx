import { facilities, facilityLabels } from '../../../../shared/facilities.ts'
import { Field, Input } from '../../../components/ui/field.tsx'
import type { VendorForm } from '../vendor-form.ts'
import { useVendorsText } from '../vendors-text.ts'
import { ChoiceGroup, ChoiceOption } from './choice-group.tsx'
import { FormSection } from './form-section.tsx'

/** What the venue offers: any of the list, none required, and anything else in the venue's own words. */
export function FacilitiesSection({ form }: { form: VendorForm }) {
  const { t, errorText, language } = useVendorsText()
  const { errors } = form.formState

  return (
    <FormSection id="vendor-facilities" title={t('sections.facilities')}>
      <ChoiceGroup
        legend={t('facilities')}
        hint={t('facilitiesHint')}
        error={errorText(errors.facilities?.message)}
        className="sm:col-span-2"
      >
        {facilities.map((facility) => (
          <ChoiceOption
            key={facility}
            type="checkbox"
            value={facility}
            label={facilityLabels[facility][language]}
            {...form.register('facilities')}
          />
        ))}
      </ChoiceGroup>
      <Field
        label={t('otherFacility')}
        error={errorText(errors.otherFacility?.message)}
        className="sm:col-span-2"
      >
        {(control) => <Input {...control} {...form.register('otherFacility')} />}
      </Field>
    </FormSection>
  )
}
