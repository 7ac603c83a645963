import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { signedUpAndIn } from './support/accounts.ts'
import { baseURL, desktop, expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const venue = 'manama-marina-hotel'

async function signIn(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL() },
    data: account,
  })
  expect(response.status(), await response.text()).toBe(200)
}

/** Screenshots for a person to look at, when SHOTS_DIR is set. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${dir}/team-${name}.png`, fullPage: true })
}

/** The account's id, as the admin's user list links to it. */
async function openUser(admin: Page, email: string) {
  await admin.goto('/admin/users')
  await admin.getByRole('searchbox', { name: 'E-mail or name' }).fill(email)
  await admin.getByRole('button', { name: 'Search' }).click()
  await admin.getByRole('link', { name: email }).click()
  await admin.getByRole('heading', { level: 1 }).waitFor()
}

describe('the team’s users', () => {
  it('an admin makes a user staff at a venue; they land on its desk; deactivated, their session ends at once', async () => {
    const password = 'Pearl-diving-1932'
    const email = `team-staff-${Date.now()}@example.bh`
    const joiner = await newVisitor(browser)
    await signedUpAndIn(joiner.page, email, 'Noor')
    await joiner.context.close()

    const { page: admin, context: adminContext } = await newVisitor(browser)
    await signIn(admin, inject('admin'))
    await admin.goto('/admin')
    await admin.getByRole('heading', { level: 1, name: 'Team home' }).waitFor()
    await admin.getByTestId('figure-bookings').waitFor()
    await expectAccessible(admin)

    // 1. Promoted to staff.
    await openUser(admin, email)
    await admin.getByLabel('Role').selectOption('staff')
    await admin.getByRole('button', { name: 'Change role' }).click()
    await admin.getByText('Role Customer → Staff').waitFor()
    // 2. Assigned to a venue.
    await admin.getByRole('checkbox', { name: 'Manama Marina Hotel' }).check()
    await admin.getByRole('button', { name: 'Save venues' }).click()
    await admin.getByText('Assigned to Manama Marina Hotel').waitFor()
    await expectAccessible(admin)

    // 3. Signs in and lands on the desk of that venue.
    const { page: staff, context: staffContext } = await newVisitor(browser, { viewport: phone })
    await staff.goto('/login')
    await staff.getByLabel('Email').fill(email)
    await staff.getByLabel(/^Password/).fill(password)
    await staff.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => new URL(staff.url()).pathname, { timeout: 10_000 }).toBe('/desk')
    await staff.getByRole('heading', { level: 1, name: 'Bookings desk' }).waitFor()
    await expect.poll(() => staff.getByLabel('Venue').inputValue()).toBe(venue)

    // 4. Deactivated: the open session stops working at once, and signing in says why.
    await admin.getByRole('button', { name: 'Deactivate' }).click()
    await admin.getByTestId('user-status').getByText('Deactivated').waitFor()
    const after = await staff.request.get('/api/desk/venues')
    expect(after.status()).toBe(401)
    await staff.reload()
    await expect.poll(() => new URL(staff.url()).pathname, { timeout: 10_000 }).toBe('/login')
    await staff.getByLabel('Email').fill(email)
    await staff.getByLabel(/^Password/).fill(password)
    await staff.getByRole('button', { name: 'Sign in', exact: true }).click()
    await staff.getByText('This account has been disabled').waitFor()

    await staffContext.close()
    await adminContext.close()
  })
})

describe('the team’s pages', () => {
  it('are accessible in both languages and work on a phone, for an admin and a manager', async () => {
    const managerEmail = `team-manager-${Date.now()}@example.bh`
    const joiner = await newVisitor(browser)
    await signedUpAndIn(joiner.page, managerEmail, 'Maryam')
    await joiner.context.close()
    const { page: setup, context: setupContext } = await newVisitor(browser)
    await signIn(setup, inject('admin'))
    await openUser(setup, managerEmail)
    await setup.getByLabel('Role').selectOption('manager')
    await setup.getByRole('button', { name: 'Change role' }).click()
    await setup.getByText('Role Customer → Manager').waitFor()
    await setupContext.close()

    for (const language of ['en', 'ar'] as const) {
      const { page: admin, context } = await newVisitor(browser, { language, viewport: phone })
      await signIn(admin, inject('admin'))
      for (const path of [
        '/admin',
        '/admin/users',
        '/admin/settings',
        '/admin/content',
        '/admin/refunds',
        '/admin/areas',
      ]) {
        await admin.goto(path)
        await admin.getByRole('heading', { level: 1 }).waitFor()
        await admin.waitForFunction(() => !document.querySelector('[aria-busy="true"]'))
        await expectAccessible(admin)
        // Nothing wider than the phone's screen.
        expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          phone.width,
        )
        await shoot(admin, `admin${path.replaceAll('/', '-')}-${language}-390`)
      }
      // An area added with no name is refused in the page's language, not in the browser's.
      await admin.getByRole('button', { name: language === 'en' ? 'Add area' : 'أضف المنطقة' }).click()
      await admin
        .getByText(language === 'en' ? 'Enter the area’s name in English.' : 'أدخل اسم المنطقة بالإنجليزية.')
        .waitFor()
      await context.close()

      const { page: manager, context: managerContext } = await newVisitor(browser, {
        language,
        viewport: phone,
      })
      await signIn(manager, { email: managerEmail, password: 'Pearl-diving-1932' })
      await manager.goto('/admin')
      await manager.getByTestId('figure-expected').waitFor()
      // A manager's navigation has no users or settings; the pages themselves are refused.
      const nav = manager.getByRole('navigation', { name: language === 'en' ? 'Team pages' : 'صفحات الفريق' })
      await nav.waitFor()
      expect(await nav.getByRole('link').allTextContents()).not.toContain(
        language === 'en' ? 'Users' : 'المستخدمون',
      )
      await shoot(manager, `manager-home-${language}-390`)
      await manager.goto('/admin/content')
      await manager.getByRole('heading', { level: 1 }).waitFor()
      await expectAccessible(manager)
      await shoot(manager, `manager-content-${language}-390`)
      if (language === 'en') {
        // The banner, set here, is on the home page the server draws, then taken away.
        await manager.getByLabel('Text in English').fill('Eid hours: venues close at 8 pm')
        await manager.getByLabel('Text in Arabic').fill('ساعات العيد: تغلق المرافق الساعة 8 مساءً')
        await manager.getByRole('button', { name: 'Save', exact: true }).click()
        await manager.getByRole('status').getByText('Saved.').waitFor()
        const home = await manager.request.get('/')
        expect(await home.text()).toContain('Eid hours: venues close at 8 pm')
        await manager.getByRole('button', { name: 'Remove banner' }).click()
        await expect.poll(async () => (await manager.request.get('/')).text()).not.toContain('Eid hours')
      }
      await manager.goto('/admin/settings')
      await expect.poll(() => new URL(manager.url()).pathname).toBe('/unauthorized')
      await manager.setViewportSize(desktop)
      await manager.goto('/admin')
      await manager.getByTestId('figure-expected').waitFor()
      await shoot(manager, `manager-home-${language}-1280`)
      await managerContext.close()
    }
  })
})
