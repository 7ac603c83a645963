import { zodResolver } from '@hookform/resolvers/zod'
import { type RefObject, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { passTypes } from '../../../../shared/catalog.ts'
import { formatBhd } from '../../../../shared/money.ts'
import {
  type AdminPass,
  type PassForm,
  type PassFormInput,
  passFormSchema,
} from '../../../../shared/venue-admin.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useVenueChange } from '../api.ts'
import { Notice, Select, TextArea } from './section.tsx'

/** A stored price as the form types it: 14000 → "14.000". */
const priceText = (fils: number | null) => (fils === null ? '' : formatBhd(fils).replace(/^BD /, ''))

function formOf(pass: AdminPass | undefined): PassFormInput {
  return {
    // Empty for a new pass (the form asks), and for a type outside passTypes.
    type: (pass?.type ?? '') as PassFormInput['type'],
    nameEn: pass?.nameEn ?? '',
    nameAr: pass?.nameAr ?? '',
    descriptionEn: pass?.descriptionEn ?? '',
    descriptionAr: pass?.descriptionAr ?? '',
    weekdayPrice: priceText(pass?.weekdayPriceFils ?? null),
    weekendPrice: priceText(pass?.weekendPriceFils ?? null),
    holidayPrice: priceText(pass?.holidayPriceFils ?? null),
  }
}

type TextField = Exclude<keyof PassFormInput, 'type'>

/** Adds a pass (`pass` undefined) or changes one, in a dialog titled for which. */
export function PassDialog({
  venueId,
  pass,
  onClose,
  returnFocusTo,
}: {
  venueId: string
  pass: AdminPass | undefined
  onClose(): void
  returnFocusTo: RefObject<HTMLElement | null>
}) {
  const { t } = useTranslation('venue-admin')
  const errorText = useErrorText()
  const change = useVenueChange(venueId)
  const [failure, setFailure] = useState<string>()
  const form = useForm<PassFormInput, unknown, PassForm>({
    resolver: zodResolver(passFormSchema),
    mode: 'onTouched',
    defaultValues: formOf(pass),
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    try {
      await change.mutateAsync(
        pass ? { kind: 'editPass', passId: pass.id, form: values } : { kind: 'createPass', form: values },
      )
      onClose()
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        for (const [field, code] of Object.entries(error.fields))
          form.setError(field as keyof PassFormInput, { message: code })
      setFailure(errorText.of(error))
    }
  })

  const field = (
    name: TextField,
    options: { multiline?: boolean; hint?: string; required?: boolean } = {},
  ) => {
    const arabic = name.endsWith('Ar')
    const price = name.endsWith('Price')
    const props = {
      ...form.register(name),
      ...(arabic ? { dir: 'rtl', lang: 'ar' } : { dir: 'ltr' }),
      ...(price ? { inputMode: 'decimal' as const, placeholder: '14.000' } : {}),
    }
    return (
      <Field
        label={t(`passes.${name}`)}
        hint={options.hint}
        required={options.required}
        error={errorText(errors[name]?.message)}
      >
        {(control) =>
          options.multiline ? (
            <TextArea {...control} {...props} className="min-h-20" />
          ) : (
            <Input {...control} {...props} />
          )
        }
      </Field>
    )
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={pass ? t('passes.editTitle', { name: pass.nameEn }) : t('passes.addTitle')}
      className="max-w-2xl"
      returnFocusTo={returnFocusTo}
    >
      <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
        <Field label={t('passes.type')} error={errorText(errors.type?.message)} required>
          {(control) => (
            <Select {...control} {...form.register('type')}>
              <option value="">{t('passes.chooseType')}</option>
              {passTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`passes.types.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('nameEn', { required: true })}
          {field('nameAr', { required: true })}
          {field('descriptionEn', { multiline: true })}
          {field('descriptionAr', { multiline: true })}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {field('weekdayPrice', { required: true })}
          {field('weekendPrice', { hint: t('passes.optionalPriceHint') })}
          {field('holidayPrice', { hint: t('passes.holidayPriceHint') })}
        </div>
        {failure && <Notice tone="error">{failure}</Notice>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('passes.cancel')}
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {t('passes.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
