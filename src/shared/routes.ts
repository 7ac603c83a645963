import type { PageKey } from './page-meta.ts'

/**
 * The web app's pages (SPEC section 2, plus password reset and the team's pages). The server uses this list to
 * send each page its metadata and to answer unknown paths with a 404; the router mirrors it.
 */
export const pagePaths: Record<string, PageKey> = {
  '/': 'home',
  '/gyms': 'gyms',
  '/scan': 'scan',
  '/vendors': 'vendors',
  '/register': 'register',
  '/login': 'login',
  '/forgot-password': 'forgotPassword',
  '/reset-password': 'resetPassword',
  '/about': 'about',
  '/terms': 'terms',
  '/faq': 'faq',
  '/contact': 'contact',
  '/cart': 'cart',
  '/bookings': 'bookings',
  '/checkout': 'checkout',
  '/review-booking': 'reviewBooking',
  '/unauthorized': 'unauthorized',
  '/admin/vendor-applications': 'vendorApplications',
}

/** The page a path shows, ignoring a trailing slash; undefined for a path the app does not have. */
export function pageForPath(pathname: string): PageKey | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return pagePaths[path] ?? (venuePagePattern.test(path) ? 'gym' : undefined)
}

/** A venue's own page, /gyms/:id; its title and description come from the catalog. */
export const venuePagePattern = /^\/gyms\/([a-z0-9]+(?:-[a-z0-9]+)*)$/

export function venueIdFromPath(pathname: string): string | undefined {
  return venuePagePattern.exec(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)?.[1]
}
