import { type ComponentPropsWithRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Input } from '../../../components/ui/field.tsx'

/** A password box with a show/hide toggle. */
export function PasswordInput(props: ComponentPropsWithRef<'input'>) {
  const { t } = useTranslation('accounts')
  const [visible, setVisible] = useState(false)
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} dir="ltr" className="pe-20" />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-pressed={visible}
        aria-label={visible ? t('hidePassword') : t('showPassword')}
        className="absolute end-2 top-1/2 -translate-y-1/2 rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {visible ? t('hidePassword').split(' ')[0] : t('showPassword').split(' ')[0]}
      </button>
    </div>
  )
}
