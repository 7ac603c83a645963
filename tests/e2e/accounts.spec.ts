import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseURL, expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { linkIn, waitForMail } from './support/mailbox.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const password = 'Pearl-diving-1932'

describe('an account', () => {
  it('is registered, activated from the e-mailed link, signed in where the visitor was going, and signed out', async () => {
    const email = `layla-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser)
    await page.goto('/register')
    await page.getByRole('heading', { name: 'Create Account' }).waitFor()
    await expectAccessible(page)
    await page.getByLabel('First name').fill('Layla')
    await page.getByLabel('Middle name').fill('Hassan')
    await page.getByLabel('Last name').fill('Al Khalifa')
    await page.getByLabel('Birthday').pressSequentially('14021995')
    expect(await page.getByLabel('Birthday').inputValue()).toBe('14/02/1995')
    await page.getByLabel(/^Email/).fill(email)
    await page.getByLabel('Confirm email').fill(email)
    await page.getByLabel('Mobile number').fill('+97333123456')
    await page.getByLabel(/^Password/).fill(password)
    const submit = page.getByRole('button', { name: 'Create Account' })
    expect(await submit.isDisabled()).toBe(true)
    await page.getByLabel('Confirm password').fill(`${password}x`)
    await page.getByText('Passwords do not match').waitFor()
    await page.getByLabel('Confirm password').fill(password)
    await page.getByRole('button', { name: 'Show password' }).first().click()
    expect(await page.getByLabel(/^Password/).getAttribute('type')).toBe('text')
    await submit.click()

    await page.getByRole('heading', { name: 'Registration Successful!' }).waitFor()
    await page.getByText('The activation link will expire in 24 hours.').waitFor()
    await page.waitForURL('**/login', { timeout: 10_000 })

    await page.goto('/bookings')
    await page.waitForURL('**/login')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel(/^Password/).fill(password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByText('Your account is not activated yet.').waitFor()

    const mail = await waitForMail(email, /Activate your DayPass Bahrain account/)
    const link = linkIn(mail.text, `${baseURL()}/api/auth/verify-email`)
    await page.goto(link)
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('activated') === '1')
    await page.getByText('Your account is active.').waitFor()

    await page.goto('/bookings')
    await page.waitForURL('**/login')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel(/^Password/).fill(password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL('**/bookings')
    const header = page.getByRole('banner')
    await header.getByRole('link', { name: 'My Bookings' }).waitFor()
    await header.getByRole('button', { name: 'Sign Out' }).click()
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/')
    await header.getByRole('link', { name: 'Sign In / Sign Up' }).waitFor()
    await context.close()
  })

  it('gets a new password through the e-mailed reset link; the old one stops working', async () => {
    const email = `omar-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser, { viewport: phone })
    const api = page.request
    const origin = { origin: baseURL() }
    const registered = await api.post('/api/accounts/register', {
      headers: origin,
      data: {
        firstName: 'Omar',
        lastName: 'Saleh',
        email,
        confirmEmail: email,
        password,
        confirmPassword: password,
      },
    })
    expect(registered.status(), await registered.text()).toBe(201)
    const activation = await waitForMail(email, /Activate/)
    await page.goto(linkIn(activation.text, `${baseURL()}/api/auth/verify-email`))

    await page.goto('/forgot-password')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click()
    await page
      .getByText(`If an account exists for ${email}, you will receive password reset instructions.`)
      .waitFor()
    await expectAccessible(page)

    const reset = await waitForMail(email, /Reset your DayPass Bahrain password/)
    await page.goto(linkIn(reset.text, `${baseURL()}/api/auth/reset-password`))
    await page.waitForURL((url) => url.pathname === '/reset-password' && url.searchParams.has('token'))
    const fresh = 'Falcon-over-Sakhir-77'
    await page.getByLabel('New password').fill(fresh)
    await page.getByLabel('Confirm password').fill(fresh)
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.getByText('Your password has been changed').waitFor()

    const old = await api.post('/api/auth/sign-in/email', { headers: origin, data: { email, password } })
    expect(old.status()).toBe(401)
    await page.goto('/login')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel(/^Password/).fill(fresh)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/')
    // The address changes first; the home page is drawn once its code is in, and that move closes
    // the menu: open it after.
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /day pass/i })
      .waitFor()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('banner').getByRole('link', { name: 'My Bookings' }).waitFor()
    await context.close()
  })

  it('the sign-up page is accessible in Arabic on a phone, and a guest lands on the venues', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await page.goto('/register')
    await page.getByRole('heading', { name: 'إنشاء حساب' }).first().waitFor()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'الدخول كضيف' }).click()
    await page.waitForURL('**/gyms')
    await context.close()
  })
})
