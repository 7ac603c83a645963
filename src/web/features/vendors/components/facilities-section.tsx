import { useWatch } from 'react-hook-form'
import { facilityItems, facilityOptions } from '../../../../shared/vendor-application.ts'
import { Field, Input } from '../../../components/ui/field.tsx'
import type { VendorForm } from '../vendor-form.ts'
import { useVendorsText } from '../vendors-text.ts'
import { ChoiceGroup, ChoiceOption } from './choice-group.tsx'
import { FormSection } from './form-section.tsx'

/** Which facility the venue offers, its extras, and the "Other" extra in the venue's own words. */
export function FacilitiesSection({ form }: { form: VendorForm }) {
  const { t, errorText } = useVendorsText()
  const { errors } = form.formState
  const chosen = useWatch({ control: form.control, name: 'facilityOptions' })
  const otherChosen = Array.isArray(chosen) && chosen.includes('Other')

  return (
    <FormSection id="vendor-facilities" title={t('sections.facilities')}>
      <ChoiceGroup
        legend={t('facilityItem')}
        error={errorText(errors.facilityItem?.message)}
        required
        className="sm:col-span-2"
      >
        {facilityItems.map((item) => (
          <ChoiceOption
            key={item}
            type="radio"
            value={item}
            required
            invalid={Boolean(errors.facilityItem)}
            label={t(`facilityItems.${item}`)}
            {...form.register('facilityItem')}
          />
        ))}
      </ChoiceGroup>
      <ChoiceGroup legend={t('facilityOptions')} hint={t('facilityOptionsHint')} className="sm:col-span-2">
        {facilityOptions.map((option) => (
          <ChoiceOption
            key={option}
            type="checkbox"
            value={option}
            label={t(`options.${option}`)}
            {...form.register('facilityOptions')}
          />
        ))}
      </ChoiceGroup>
      {otherChosen && (
        <Field
          label={t('otherFacilityOption')}
          error={errorText(errors.otherFacilityOption?.message)}
          required
          className="sm:col-span-2"
        >
          {(control) => <Input {...control} {...form.register('otherFacilityOption')} />}
        </Field>
      )}
    </FormSection>
  )
}
