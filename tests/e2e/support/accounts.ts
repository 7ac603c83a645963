import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { baseURL } from './browser.ts'
import { linkIn, waitForMail } from './mailbox.ts'

export const e2ePassword = 'Pearl-diving-1932'

/** Registers an account through the API, opens the activation link from its e-mail, and signs in. */
export async function signedUpAndIn(page: Page, email: string, firstName = 'Layla') {
  const registered = await page.request.post('/api/accounts/register', {
    headers: { origin: baseURL() },
    data: {
      firstName,
      lastName: 'Al Khalifa',
      email,
      confirmEmail: email,
      mobileNumber: '+97333123456',
      password: e2ePassword,
      confirmPassword: e2ePassword,
    },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  const activation = await waitForMail(email, /Activate/)
  await page.goto(linkIn(activation.text, `${baseURL()}/api/auth/verify-email`))
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL() },
    data: { email, password: e2ePassword },
  })
  expect(signIn.status()).toBe(200)
}
