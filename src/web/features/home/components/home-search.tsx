import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button } from '../../../components/ui/button.tsx'

/** Sends the trimmed text to /gyms?search=…; an empty box shows every venue. */
export function HomeSearch() {
  const { t } = useTranslation('home')
  const navigate = useNavigate()
  const [text, setText] = useState('')
  return (
    <search className="mt-8 max-w-xl">
      {/* A plain GET form too, so a search typed before the app has started still works. */}
      <form
        action={pagePath('gyms')}
        method="get"
        className="flex gap-2 rounded-full bg-white p-1.5 shadow-card"
        onSubmit={(event) => {
          event.preventDefault()
          const query = text.trim()
          void navigate(query ? `${pagePath('gyms')}?search=${encodeURIComponent(query)}` : pagePath('gyms'))
        }}
      >
        <label htmlFor="home-search" className="sr-only">
          {t('searchLabel')}
        </label>
        <input
          id="home-search"
          name="search"
          type="search"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('searchPlaceholder')}
          className="min-w-0 flex-1 rounded-full bg-transparent px-4 text-base text-ink placeholder:text-muted focus:outline-none"
        />
        <Button type="submit" variant="accent">
          {t('search')}
        </Button>
      </form>
    </search>
  )
}
