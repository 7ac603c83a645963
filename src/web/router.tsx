import type { ReactElement } from 'react'
import { matchRoutes, type RouteObject, useRoutes } from 'react-router'
import { AppLayout } from './app/layout.tsx'
import { isLazyPage, lazyPage } from './app/lazy-page.tsx'
import { RequireAuth, RequirePermission } from './features/accounts/route-guards.tsx'

/**
 * Each page's code loads on first visit, so its code and text stay out of the first download.
 * The app uses React Router's declarative routes, not its data router: nothing here uses loaders or
 * actions, and the data router alone weighs 17 KiB gzipped on the first page (docs/decisions/015).
 */
const HomePage = lazyPage(() => import('./features/home/pages/home-page.tsx').then((m) => m.HomePage))
const GymsPage = lazyPage(() => import('./features/catalog/pages/gyms-page.tsx').then((m) => m.GymsPage))
const GymPage = lazyPage(() => import('./features/catalog/pages/gym-page.tsx').then((m) => m.GymPage))
const ScanPage = lazyPage(() => import('./features/scan/pages/scan-page.tsx').then((m) => m.ScanPage))
const VendorsPage = lazyPage(() =>
  import('./features/vendors/pages/vendors-page.tsx').then((m) => m.VendorsPage),
)
const RegisterPage = lazyPage(() =>
  import('./features/accounts/pages/register-page.tsx').then((m) => m.RegisterPage),
)
const LoginPage = lazyPage(() => import('./features/accounts/pages/login-page.tsx').then((m) => m.LoginPage))
const ForgotPasswordPage = lazyPage(() =>
  import('./features/accounts/pages/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
)
const ResetPasswordPage = lazyPage(() =>
  import('./features/accounts/pages/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
)
const AboutPage = lazyPage(() =>
  import('./features/static-pages/pages/about-page.tsx').then((m) => m.AboutPage),
)
const TermsPage = lazyPage(() =>
  import('./features/static-pages/pages/terms-page.tsx').then((m) => m.TermsPage),
)
const FaqPage = lazyPage(() => import('./features/static-pages/pages/faq-page.tsx').then((m) => m.FaqPage))
const ContactPage = lazyPage(() =>
  import('./features/contact/pages/contact-page.tsx').then((m) => m.ContactPage),
)
const CartPage = lazyPage(() => import('./features/cart/pages/cart-page.tsx').then((m) => m.CartPage))
const CheckoutPage = lazyPage(() =>
  import('./features/checkout/pages/checkout-page.tsx').then((m) => m.CheckoutPage),
)
const ReviewBookingPage = lazyPage(() =>
  import('./features/checkout/pages/review-booking-page.tsx').then((m) => m.ReviewBookingPage),
)
const UnauthorizedPage = lazyPage(() => import('./app/unauthorized-page.tsx').then((m) => m.UnauthorizedPage))
const MyBookingsPage = lazyPage(() =>
  import('./features/bookings/pages/my-bookings-page.tsx').then((m) => m.MyBookingsPage),
)
const VendorApplicationsPage = lazyPage(() =>
  import('./features/vendors/pages/vendor-applications-page.tsx').then((m) => m.VendorApplicationsPage),
)
const NotFoundPage = lazyPage(() => import('./app/not-found-page.tsx').then((m) => m.NotFoundPage))

const pages: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'gyms', element: <GymsPage /> },
  { path: 'gyms/:id', element: <GymPage /> },
  { path: 'scan', element: <ScanPage /> },
  // Open to anyone: venue owners have no account when they apply (docs/decisions/002).
  { path: 'vendors', element: <VendorsPage /> },
  { path: 'register', element: <RegisterPage /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'about', element: <AboutPage /> },
  { path: 'terms', element: <TermsPage /> },
  { path: 'faq', element: <FaqPage /> },
  { path: 'contact', element: <ContactPage /> },
  { path: 'cart', element: <CartPage /> },
  { path: 'checkout', element: <CheckoutPage /> },
  { path: 'review-booking', element: <ReviewBookingPage /> },
  { path: 'unauthorized', element: <UnauthorizedPage /> },
  {
    element: <RequireAuth />,
    children: [{ path: 'bookings', element: <MyBookingsPage /> }],
  },
  {
    element: <RequirePermission permission="canManageVenues" />,
    children: [{ path: 'admin/vendor-applications', element: <VendorApplicationsPage /> }],
  },
  { path: '*', element: <NotFoundPage /> },
]

/** The layout (header, footer, and an error boundary that keeps them when a page fails) around every page. */
export const routes: RouteObject[] = [{ element: <AppLayout />, children: pages }]

export function AppRoutes({ table = routes }: { table?: RouteObject[] }) {
  return useRoutes(table)
}

/** Loads the code of the page at `pathname`, so that it renders (server) or hydrates (browser) in one pass. */
export async function preloadPage(pathname: string, table: RouteObject[] = routes): Promise<void> {
  const matches = matchRoutes(table, pathname) ?? []
  await Promise.all(
    matches
      .map((match) => (match.route.element as ReactElement | undefined)?.type)
      .filter(isLazyPage)
      .map((page) => page.preload()),
  )
}
