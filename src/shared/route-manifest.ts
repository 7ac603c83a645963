import { readVenueFilters, type VenueFilters, venueFilterQuery } from './catalog-filters.ts'
import { venueDetailRoute, venueListRoute, venueReviewsRoute } from './endpoints/catalog-routes.ts'
import { apiPath } from './endpoints/define.ts'
import { announcementRoute } from './endpoints/team-routes.ts'
import type { Permission } from './permissions.ts'
import { signedTokenPattern } from './signed-token.ts'

/**
 * Every page of the web app, defined once (docs/product.md, "Pages").
 * The router (src/web/router.tsx), the server's page answers (metadata, status, preloads and
 * rendering: src/server/platform/http/) and the document title after an in-app move all read it; a path is
 * written nowhere else. This half is plain data the server can read without the web app's code; the
 * browser's half (src/web/app/page-modules.ts) loads each page's `module` lazily.
 */
export interface PageRequest {
  /** The key the web app's query cache holds the answer under. */
  queryKey: readonly unknown[]
  /** The API path whose JSON answer is the data. */
  path: string
  /**
   * The API path to show instead, under the same key, when the API refuses `path` (400): a filter
   * the page could not check itself (an unknown area) then shows the unfiltered list.
   */
  fallback?: string
}

export interface PageDefinition {
  /** React Router's pattern; `:name` is a slug (lowercase letters and digits in hyphenated words). */
  path: string
  /** The page's module under src/web/, and the component it exports. */
  module: string
  component: string
  /**
   * `page`: the server draws the whole first screen with its data (docs/decisions/015): it is the
   * same for every visitor. `skeleton`: it depends on the visitor (session, cart, form) or sets
   * inline styles the CSP refuses in HTML, so the server draws the layout around a neutral skeleton
   * and the browser draws the page (docs/decisions/018).
   */
  render: 'page' | 'skeleton'
  /** A param's own pattern (a regular expression's source) where it is not a slug. */
  params?: Record<string, string>
  /** Who may see it: signed-in visitors, or those with a permission; the router enforces it. */
  access?: 'signedIn' | Permission
  /**
   * The team navigation's label for the page (the key `nav.<key>` of locales/<lang>/team.json): a
   * page with one is listed there, for those its `access` permission admits (src/web/app/team-nav.tsx).
   */
  nav?: string
  /** The API answers the page shows as it opens, fetched by the server to render it and preloaded otherwise. */
  requests?(url: URL, params: Record<string, string>): PageRequest[]
}

/**
 * One page of the venue list for the filters, by the same key and URL as the web app's query
 * (src/web/features/catalog/api.ts); the unfiltered list when the API refuses them.
 */
export function venueListRequest(filters: Partial<VenueFilters>): PageRequest {
  const query = venueFilterQuery(filters)
  const path = apiPath(venueListRoute)
  return { queryKey: ['gyms', query], path: query ? `${path}?${query}` : path, fallback: path }
}

export function venueRequest(id: string): PageRequest {
  return { queryKey: ['gym', id], path: apiPath(venueDetailRoute, { id }) }
}

/** A venue's visible reviews, drawn with its page (docs/catalog.md, "Reviews"). */
export function venueReviewsRequest(id: string): PageRequest {
  return { queryKey: ['gym-reviews', id], path: apiPath(venueReviewsRoute, { id }) }
}

/** The home page's announcement banner, set by the team. */
export const announcementRequest: PageRequest = {
  queryKey: ['announcement'],
  path: apiPath(announcementRoute),
}

export const pageManifest = {
  home: {
    path: '/',
    module: 'features/home/pages/home-page.tsx',
    component: 'HomePage',
    render: 'page',
    requests: () => [announcementRequest],
  },
  gyms: {
    path: '/gyms',
    module: 'features/catalog/pages/venues-page.tsx',
    component: 'VenuesPage',
    render: 'page',
    // Bad values are left out here, so the first screen shows the list without them (never an error).
    requests: (url) => [venueListRequest(readVenueFilters(url.searchParams).filters)],
  },
  gym: {
    path: '/gyms/:id',
    module: 'features/catalog/pages/venue-page.tsx',
    component: 'VenuePage',
    render: 'page',
    requests: (_url, params) => (params.id ? [venueRequest(params.id), venueReviewsRequest(params.id)] : []),
  },
  scan: {
    path: '/scan',
    module: 'features/scan/pages/scan-page.tsx',
    component: 'ScanPage',
    render: 'skeleton',
  },
  // Open to anyone: venue owners have no account when they apply (docs/decisions/002).
  vendors: {
    path: '/vendors',
    module: 'features/vendors/pages/vendors-page.tsx',
    component: 'VendorsPage',
    render: 'skeleton',
  },
  // The applicant's status page, behind the signed link in the application's mail: no account needed.
  applicationStatus: {
    path: '/vendors/status/:token',
    params: { token: signedTokenPattern },
    module: 'features/vendors/pages/application-status-page.tsx',
    component: 'ApplicationStatusPage',
    render: 'skeleton',
  },
  // A checked-in visit's review, behind the signed link of its invitation mail (docs/catalog.md,
  // "Reviews"): a guest's needs no account; an account's visit asks its holder to sign in.
  review: {
    path: '/reviews/:token',
    params: { token: signedTokenPattern },
    module: 'features/reviews/pages/review-page.tsx',
    component: 'ReviewPage',
    render: 'skeleton',
  },
  // A waiting list request, behind the signed link in its mails (docs/booking.md, "Waiting list"):
  // no account needed; while places are held for it, they are booked from here.
  waitlist: {
    path: '/waitlist/:token',
    params: { token: signedTokenPattern },
    module: 'features/waitlist/pages/waitlist-page.tsx',
    component: 'WaitlistPage',
    render: 'skeleton',
  },
  // Where an invited member of a venue's staff chooses a password (docs/decisions/041).
  acceptInvitation: {
    path: '/invitation/:token',
    params: { token: signedTokenPattern },
    module: 'features/accounts/pages/accept-invitation-page.tsx',
    component: 'AcceptInvitationPage',
    render: 'skeleton',
  },
  register: {
    path: '/register',
    module: 'features/accounts/pages/register-page.tsx',
    component: 'RegisterPage',
    render: 'skeleton',
  },
  login: {
    path: '/login',
    module: 'features/accounts/pages/login-page.tsx',
    component: 'LoginPage',
    render: 'skeleton',
  },
  forgotPassword: {
    path: '/forgot-password',
    module: 'features/accounts/pages/forgot-password-page.tsx',
    component: 'ForgotPasswordPage',
    render: 'skeleton',
  },
  resetPassword: {
    path: '/reset-password',
    module: 'features/accounts/pages/reset-password-page.tsx',
    component: 'ResetPasswordPage',
    render: 'skeleton',
  },
  about: {
    path: '/about',
    module: 'features/static-pages/pages/about-page.tsx',
    component: 'AboutPage',
    render: 'page',
  },
  terms: {
    path: '/terms',
    module: 'features/static-pages/pages/terms-page.tsx',
    component: 'TermsPage',
    render: 'page',
  },
  // Its accordion (Radix) sets inline styles, which the CSP refuses in HTML but allows from script.
  faq: {
    path: '/faq',
    module: 'features/static-pages/pages/faq-page.tsx',
    component: 'FaqPage',
    render: 'skeleton',
  },
  contact: {
    path: '/contact',
    module: 'features/contact/pages/contact-page.tsx',
    component: 'ContactPage',
    render: 'skeleton',
  },
  cart: {
    path: '/cart',
    module: 'features/cart/pages/cart-page.tsx',
    component: 'CartPage',
    render: 'skeleton',
  },
  bookings: {
    path: '/bookings',
    module: 'features/bookings/pages/my-bookings-page.tsx',
    component: 'MyBookingsPage',
    render: 'skeleton',
    access: 'signedIn',
  },
  // An account's order, the confirmation's own address: what the checkout moves to once it is
  // confirmed, so Back, Forward and a reload show it (docs/booking.md, "An order's own page").
  bookingOrder: {
    path: '/bookings/orders/:orderId',
    params: { orderId: '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}' },
    module: 'features/bookings/pages/order-page.tsx',
    component: 'OrderPage',
    render: 'skeleton',
    access: 'signedIn',
  },
  // A guest's order, behind the signed link in their mail: no account needed. The token is a
  // manage link's, or a read-only view link's with its `v.` mark (docs/decisions/031).
  manageBooking: {
    path: '/booking/:token',
    params: { token: '[1-9][0-9]{0,15}\\.[1-9][0-9]{0,8}\\.(?:v\\.)?[A-Za-z0-9_-]{43}' },
    module: 'features/bookings/pages/manage-booking-page.tsx',
    component: 'ManageBookingPage',
    render: 'skeleton',
  },
  // An order's receipts (docs/receipts.md): the account's, and a guest's behind their signed link.
  bookingReceipt: {
    path: '/bookings/orders/:orderId/receipt',
    params: { orderId: '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}' },
    module: 'features/bookings/pages/receipt-page.tsx',
    component: 'ReceiptPage',
    render: 'skeleton',
    access: 'signedIn',
  },
  guestReceipt: {
    path: '/booking/:token/receipt',
    params: { token: '[1-9][0-9]{0,15}\\.[1-9][0-9]{0,8}\\.(?:v\\.)?[A-Za-z0-9_-]{43}' },
    module: 'features/bookings/pages/receipt-page.tsx',
    component: 'ReceiptPage',
    render: 'skeleton',
  },
  account: {
    path: '/account',
    module: 'features/accounts/pages/account-page.tsx',
    component: 'AccountPage',
    render: 'skeleton',
    access: 'signedIn',
  },
  checkout: {
    path: '/checkout',
    module: 'features/checkout/pages/checkout-page.tsx',
    component: 'CheckoutPage',
    render: 'skeleton',
  },
  // Where Tap sends the visitor back after BENEFIT's or the card page (?tap_id=…&t=…): the server
  // asks Tap for the charge and the page shows the order as it then is (docs/payments.md).
  paymentResult: {
    path: '/checkout/orders/:orderId/result',
    params: { orderId: '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}' },
    module: 'features/checkout/pages/payment-result-page.tsx',
    component: 'PaymentResultPage',
    render: 'skeleton',
  },
  // The test page standing in for BENEFIT's (or Tap's card page) while Tap runs in test mode.
  testPayment: {
    path: '/checkout/test-payment/:chargeId',
    params: { chargeId: '[A-Za-z0-9_-]{1,100}' },
    module: 'features/checkout/pages/test-payment-page.tsx',
    component: 'TestPaymentPage',
    render: 'skeleton',
  },
  reviewBooking: {
    path: '/review-booking',
    module: 'features/checkout/pages/review-booking-page.tsx',
    component: 'ReviewBookingPage',
    render: 'skeleton',
  },
  unauthorized: {
    path: '/unauthorized',
    module: 'app/unauthorized-page.tsx',
    component: 'UnauthorizedPage',
    render: 'page',
  },
  vendorApplications: {
    path: '/admin/vendor-applications',
    module: 'features/vendors/pages/vendor-applications-page.tsx',
    component: 'VendorApplicationsPage',
    render: 'skeleton',
    access: 'canManageVenues',
    nav: 'applications',
  },
  /** One application, where the team approves or declines it. */
  vendorApplication: {
    path: '/admin/vendor-applications/:id',
    module: 'features/vendors/pages/vendor-application-page.tsx',
    component: 'VendorApplicationPage',
    render: 'skeleton',
    access: 'canManageVenues',
  },
  adminVenues: {
    path: '/admin/venues',
    module: 'features/venue-admin/pages/admin-venues-page.tsx',
    component: 'AdminVenuesPage',
    render: 'skeleton',
    access: 'canManageVenues',
    nav: 'venues',
  },
  /** The list of areas the forms and the /gyms filter choose from (docs/operating.md, "Areas"). */
  adminAreas: {
    path: '/admin/areas',
    module: 'features/venue-admin/pages/admin-areas-page.tsx',
    component: 'AdminAreasPage',
    render: 'skeleton',
    access: 'canManageVenues',
    nav: 'areas',
  },
  venueEditor: {
    path: '/admin/venues/:id',
    module: 'features/venue-admin/pages/venue-editor-page.tsx',
    component: 'VenueEditorPage',
    render: 'skeleton',
    access: 'canManageVenues',
  },
  /** The bookings desk: check-in, payment at the desk, no-shows (staff for their venues). */
  desk: {
    path: '/desk',
    module: 'features/desk/pages/desk-page.tsx',
    component: 'DeskPage',
    render: 'skeleton',
    access: 'canManageBookings',
    nav: 'desk',
  },
  /** The team's home: today in Bahrain, and a link to every team page the viewer may use. */
  teamHome: {
    path: '/admin',
    module: 'features/team/pages/team-home-page.tsx',
    component: 'TeamHomePage',
    render: 'skeleton',
    access: 'canViewDashboard',
    nav: 'home',
  },
  adminUsers: {
    path: '/admin/users',
    module: 'features/team/pages/users-page.tsx',
    component: 'UsersPage',
    render: 'skeleton',
    access: 'canManageUsers',
    nav: 'users',
  },
  /** One account: role, activation, staff venues and history. Ids are better-auth's, not slugs. */
  adminUser: {
    path: '/admin/users/:userId',
    params: { userId: '[A-Za-z0-9_-]{1,100}' },
    module: 'features/team/pages/user-page.tsx',
    component: 'UserPage',
    render: 'skeleton',
    access: 'canManageUsers',
  },
  adminSettings: {
    path: '/admin/settings',
    module: 'features/team/pages/settings-page.tsx',
    component: 'SettingsPage',
    render: 'skeleton',
    access: 'canAccessSettings',
    nav: 'settings',
  },
  adminContent: {
    path: '/admin/content',
    module: 'features/team/pages/content-page.tsx',
    component: 'ContentPage',
    render: 'skeleton',
    access: 'canEditContent',
    nav: 'content',
  },
  /** Which venues each staff member acts for at the desk. */
  adminStaff: {
    path: '/admin/staff',
    module: 'features/desk/pages/staff-page.tsx',
    component: 'StaffPage',
    render: 'skeleton',
    access: 'canManageUsers',
    nav: 'staff',
  },
  /** Staff invited by e-mail to a venue's desk: admins to any venue, managers to theirs. */
  adminInvitations: {
    path: '/admin/invitations',
    module: 'features/team/pages/invitations-page.tsx',
    component: 'InvitationsPage',
    render: 'skeleton',
    access: 'canManageVenues',
    nav: 'invitations',
  },
  /** Reports: bookings, visits, revenue and refunds by day and venue, with charts and CSV. */
  adminReports: {
    path: '/admin/reports',
    module: 'features/reports/pages/reports-page.tsx',
    component: 'ReportsPage',
    render: 'skeleton',
    access: 'canViewReports',
    nav: 'reports',
  },
  /** Each venue's monthly statement: commission, who collected what, the balance owed. */
  adminStatements: {
    path: '/admin/statements',
    module: 'features/reports/pages/statements-page.tsx',
    component: 'StatementsPage',
    render: 'skeleton',
    access: 'canViewReports',
    nav: 'statements',
  },
  /** The latest verified reviews, where the team hides one with a reason. */
  adminReviews: {
    path: '/admin/reviews',
    module: 'features/reviews/pages/team-reviews-page.tsx',
    component: 'TeamReviewsPage',
    render: 'skeleton',
    access: 'canManageVenues',
    nav: 'reviews',
  },
  /** Card refunds of cancelled visits still pending a day later, for the team to follow up. */
  adminRefunds: {
    path: '/admin/refunds',
    module: 'features/bookings/pages/stuck-refunds-page.tsx',
    component: 'StuckRefundsPage',
    render: 'skeleton',
    access: 'canViewReports',
    nav: 'refunds',
  },
  /** Any other path; the server answers it with a 404. */
  notFound: { path: '*', module: 'app/not-found-page.tsx', component: 'NotFoundPage', render: 'page' },
} satisfies Record<string, PageDefinition>

export type PageKey = keyof typeof pageManifest

export const pageKeys = Object.keys(pageManifest) as PageKey[]

export function pageDefinition(key: PageKey): PageDefinition {
  return pageManifest[key]
}

/**
 * A page of the team's: its access needs a permission, not just a session. Its code, and the
 * browser's table of where that code is, load only when a team page is shown (src/web/app/team-pages.ts).
 */
export function isTeamPage(key: PageKey): boolean {
  const access = pageDefinition(key).access
  return Boolean(access && access !== 'signedIn')
}

/** A `:param` in a path: one slug. */
const paramPattern = '([a-z0-9]+(?:-[a-z0-9]+)*)'

const matchers = pageKeys
  .filter((key) => pageManifest[key].path !== '*')
  .map((key) => {
    const path = pageManifest[key].path
    const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string)
    const source = path
      .split('/')
      .map((part) => {
        if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        const own = (pageManifest[key] as PageDefinition).params?.[part.slice(1)]
        return own ? `(${own})` : paramPattern
      })
      .join('/')
    return { key, names, pattern: new RegExp(`^${source}$`) }
  })

export interface PageMatch {
  page: PageKey
  params: Record<string, string>
}

/** The page a path shows, ignoring a trailing slash; `notFound` for a path the app does not have. */
export function matchPage(pathname: string): PageMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  for (const { key, names, pattern } of matchers) {
    const found = pattern.exec(path)
    if (found)
      return { page: key, params: Object.fromEntries(names.map((name, i) => [name, found[i + 1] ?? ''])) }
  }
  return { page: 'notFound', params: {} }
}

/** The URL of a page, its `:params` filled in: `pagePath('gym', { id: 'vida' })` is `/gyms/vida`. */
export function pagePath(key: Exclude<PageKey, 'notFound'>, params: Record<string, string> = {}): string {
  return pageManifest[key].path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  )
}

/** The venue a path shows, for a venue page. */
export function venueIdFromPath(pathname: string): string | undefined {
  const match = matchPage(pathname)
  return match.page === 'gym' ? match.params.id : undefined
}

/** The API answers a page at `url` opens with. */
export function pageRequests(url: URL): PageRequest[] {
  const { page, params } = matchPage(url.pathname)
  const definition: PageDefinition = pageManifest[page]
  return definition.requests?.(url, params) ?? []
}
