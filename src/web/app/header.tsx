import { clsx } from 'clsx'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useLocation } from 'react-router'
import { pagePath } from '../../shared/route-manifest.ts'
import { useSession, useSignOut } from '../features/accounts/api.ts'
import { useCart } from '../features/cart/cart-context.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { Logo } from './logo.tsx'

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-ink/80 hover:bg-brand-50 hover:text-brand-800',
  )

export function Header() {
  const { t } = useTranslation()
  const location = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)

  // The mobile menu closes whenever the visitor navigates.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setMenuOpen(false), [location.pathname, location.search])

  useEffect(() => {
    if (!menuOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false)
        toggleRef.current?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])

  return (
    <header className="sticky top-0 z-30 border-b border-brand-900/10 bg-white/90 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to={pagePath('home')} className="flex items-center gap-2 rounded-lg" aria-label={t('nav.home')}>
          <Logo />
        </Link>
        <nav aria-label={t('nav.label')} className="hidden items-center gap-1 lg:flex">
          <SectionLinks />
          <CartLink />
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <LanguageSwitcher />
          <UserMenu />
        </div>
        <div className="flex items-center gap-1 lg:hidden">
          <CartLink compact />
          <button
            ref={toggleRef}
            type="button"
            className="grid size-10 place-items-center rounded-full text-brand-900 hover:bg-brand-50"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
              <path
                d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
      </div>
      <div id={menuId} hidden={!menuOpen} className="border-t border-brand-900/10 bg-white lg:hidden">
        <nav aria-label={t('nav.label')} className="container-page flex flex-col gap-1 py-3">
          <SectionLinks />
          <NavLink to={pagePath('cart')} className={navLinkClass}>
            {t('nav.cart')}
          </NavLink>
          <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-brand-900/10 pt-3">
            <UserMenu />
            <LanguageSwitcher />
          </div>
        </nav>
      </div>
    </header>
  )
}

function SectionLinks() {
  const { t } = useTranslation()
  return (
    <>
      <NavLink to={pagePath('gyms')} className={navLinkClass}>
        {t('nav.gyms')}
      </NavLink>
      <NavLink to={pagePath('vendors')} className={navLinkClass}>
        {t('nav.vendors')}
      </NavLink>
    </>
  )
}

function CartLink({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation()
  const { items } = useCart()
  return (
    <NavLink
      to={pagePath('cart')}
      className={(state) => clsx(navLinkClass(state), 'relative inline-flex items-center gap-2')}
      aria-label={`${t('nav.cart')}, ${t('nav.cartCount', { count: items.length })}`}
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
        <path
          d="M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.1h8.4a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="19.5" r="1.4" fill="currentColor" />
        <circle cx="17" cy="19.5" r="1.4" fill="currentColor" />
      </svg>
      {!compact && <span>{t('nav.cart')}</span>}
      <span
        data-testid="cart-badge"
        aria-hidden="true"
        className="min-w-5 rounded-full bg-accent-500 px-1.5 text-center text-xs leading-5 font-bold text-white"
      >
        {items.length}
      </span>
    </NavLink>
  )
}

/**
 * The visitor's own links; for the team, one link to their pages (the team navigation there lists
 * them all): staff go to the desk, the rest to the team's home.
 */
function UserMenu() {
  const { t } = useTranslation()
  const session = useSession()
  const signOut = useSignOut()
  if (session.status === 'loading') return <span className="w-24" aria-hidden="true" />
  if (session.status === 'signedOut') {
    return (
      <Link
        to={pagePath('login')}
        className="rounded-full bg-brand-800 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {t('nav.signIn')}
      </Link>
    )
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {session.can('canViewDashboard') && (
        <NavLink
          to={session.user?.role === 'staff' ? pagePath('desk') : pagePath('teamHome')}
          className={navLinkClass}
        >
          {t('nav.team')}
        </NavLink>
      )}
      <NavLink to={pagePath('bookings')} className={navLinkClass}>
        {t('nav.myBookings')}
      </NavLink>
      <NavLink to={pagePath('account')} className={navLinkClass}>
        {t('nav.myAccount')}
      </NavLink>
      <button type="button" onClick={() => void signOut()} className={navLinkClass({ isActive: false })}>
        {t('nav.signOut')}
      </button>
    </div>
  )
}
