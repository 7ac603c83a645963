import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import { countryName } from '../../../../shared/countries.ts'
import { facilityNames } from '../../../../shared/facilities.ts'
import { formatPhone } from '../../../../shared/normalise/phone.ts'
import type { ApplicationDetail } from '../../../../shared/vendor-application.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { submittedOn } from './application-table.tsx'

function Item({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  )
}

/** Every field the venue sent, with its passes and their prices in BD. */
export function ApplicationDetails({ application: a }: { application: ApplicationDetail }) {
  const { t, i18n } = useTranslation(['admin', 'vendors'])
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const money = useMoney()
  const facilities = [...facilityNames(a.facilities, language), ...(a.otherFacility ? [a.otherFacility] : [])]
  return (
    <div className="space-y-5 text-sm">
      <dl className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
        <Item label={t('vendors:venueNameEn')}>
          <span dir="auto">{a.venueNameEn || t('applications.details.none')}</span>
        </Item>
        <Item label={t('vendors:venueNameAr')}>
          <span dir="auto">{a.venueNameAr || t('applications.details.none')}</span>
        </Item>
        <Item label={t('applications.details.venueEmail')}>
          <a
            href={`mailto:${a.venueEmail}`}
            dir="ltr"
            className="font-semibold text-brand-700 hover:underline"
          >
            {a.venueEmail}
          </a>
        </Item>
        <Item label={t('applications.details.contact')}>
          {a.contactFirstName} {a.contactLastName}
        </Item>
        <Item label={t('vendors:contactPhone')}>
          {a.contactPhone ? (
            <a
              href={`tel:${a.contactPhone}`}
              dir="ltr"
              className="font-semibold text-brand-700 hover:underline"
            >
              {formatPhone(a.contactPhone)}
            </a>
          ) : (
            t('applications.details.none')
          )}
        </Item>
        <Item label={t('applications.details.venueType')}>{t(`vendors:venueTypes.${a.venueType}`)}</Item>
        <Item label={t('vendors:facilities')}>
          {facilities.length
            ? facilities.join(t('applications.listSeparator'))
            : t('applications.details.none')}
        </Item>
        <Item label={t('applications.details.dates')}>
          <span dir="ltr">{formatDisplayDate(a.availableStartDate)}</span> {t('applications.details.to')}{' '}
          {a.availableEndDate ? (
            <span dir="ltr">{formatDisplayDate(a.availableEndDate)}</span>
          ) : (
            t('vendors:ongoing')
          )}
        </Item>
        <Item label={t('applications.details.hours')}>
          <span dir="ltr">
            {a.startTime} - {a.endTime}
          </span>
        </Item>
        <Item label={t('applications.details.location')}>
          {[a.area.name[language], a.city, countryName(a.country, language)].join(
            t('applications.listSeparator'),
          )}
        </Item>
        <Item label={t('applications.details.language')}>
          {t(`applications.languages.${a.language === 'ar' ? 'ar' : 'en'}`)}
        </Item>
        <Item label={t('applications.details.submitted')}>
          <span dir="ltr">{submittedOn(a.createdAt)}</span>
        </Item>
      </dl>
      <div>
        <h3 className="mb-2 font-bold text-brand-900">{t('applications.details.passes')}</h3>
        {a.dayPasses.length === 0 ? (
          <p className="text-muted">{t('applications.details.noPasses')}</p>
        ) : (
          <ul className="divide-y divide-brand-900/10 rounded-xl border border-brand-900/10">
            {a.dayPasses.map((pass) => (
              <li key={`${pass.option}-${pass.label}`} className="flex justify-between gap-3 px-3 py-2">
                <span>
                  {pass.option === 'other' ? pass.label : t(`vendors:passes.${pass.option}`)}{' '}
                  <span className="text-muted">({t(`vendors:passTypes.${pass.passType}`)})</span>
                </span>
                <span dir="auto" className="font-semibold text-brand-800">
                  {money(pass.price)}
                  {pass.weekendPrice && ` · ${t('vendors:weekendPrice')} ${money(pass.weekendPrice)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
