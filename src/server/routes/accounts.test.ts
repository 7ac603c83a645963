import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { addDays, formatDisplayDate, todayInBahrain } from '../../shared/bahrain-time.ts'

let t: TestApp
const origin = 'http://localhost:3000'
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: origin })
})
afterAll(() => t.close())

const valid = {
  firstName: 'Sara',
  middleName: 'Khalid',
  lastName: 'Ali',
  birthday: '14/02/1995',
  email: 'sara.k.ali@example.bh',
  confirmEmail: 'sara.k.ali@example.bh',
  mobileNumber: '+97333123456',
  password: 'Pearl-diving-1932',
  confirmPassword: 'Pearl-diving-1932',
}

let ip = 0
function register(body: object) {
  ip++
  return t.app.inject({
    method: 'POST',
    url: '/api/accounts/register',
    payload: body,
    headers: { origin },
    remoteAddress: `10.2.0.${ip}`,
  })
}

/** The date on which someone born `years` years ago, plus `days`, is that old today in Bahrain. */
function birthdayYearsAgo(years: number, days = 0): string {
  const today = todayInBahrain()
  const [y, m, d] = today.split('-')
  return formatDisplayDate(addDays(`${Number(y) - years}-${m}-${d === '29' && m === '02' ? '28' : d}`, days))
}

describe('POST /api/accounts/register', () => {
  it('creates the account with its profile and role, and queues the activation mail', async () => {
    const response = await register(valid)
    expect(response.statusCode).toBe(201)
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', valid.email)
      .executeTakeFirstOrThrow()
    expect(user).toMatchObject({ role: 'user', email_verified: false, name: 'Sara Ali' })
    const profile = await t.database.db
      .selectFrom('user_profiles')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(profile).toMatchObject({
      first_name: 'Sara',
      middle_name: 'Khalid',
      last_name: 'Ali',
      birthday: '1995-02-14',
      mobile_number: '+97333123456',
    })
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', valid.email)
      .executeTakeFirstOrThrow()
    expect(mail.template).toBe('account-activation')
  })

  it('answers a second sign-up for the same address exactly like the first, and creates nothing', async () => {
    const again = {
      ...valid,
      email: 'Sara.K.Ali@example.bh',
      confirmEmail: 'sara.k.ali@example.bh',
      firstName: 'Other',
    }
    const response = await register(again)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ registered: true })
    const users = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'sara.k.ali@example.bh')
      .execute()
    expect(users).toHaveLength(1)
    const profile = await t.database.db
      .selectFrom('user_profiles')
      .selectAll()
      .where('id', '=', users[0]?.id ?? '')
      .executeTakeFirst()
    expect(profile?.first_name).toBe('Sara')
  })

  it('stores the mobile number as E.164, however it is written', async () => {
    for (const [index, mobileNumber] of ['00973 3312-3456', '٣٣١٢ ٣٤٥٦'].entries()) {
      const email = `mobile-${index}@example.bh`
      const response = await register({ ...valid, email, confirmEmail: email, mobileNumber })
      expect(response.statusCode, response.body).toBe(201)
      const profile = await t.database.db
        .selectFrom('users')
        .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
        .select('user_profiles.mobile_number')
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow()
      expect(profile.mobile_number, mobileNumber).toBe('+97333123456')
    }
  })

  it('gives the spec’s messages, field by field, and writes nothing', async () => {
    const cases: [object, string, string][] = [
      [{ firstName: '' }, 'firstName', 'FIRST_NAME_REQUIRED'],
      [{ lastName: '  ' }, 'lastName', 'LAST_NAME_REQUIRED'],
      [{ confirmEmail: 'other@example.bh' }, 'confirmEmail', 'EMAILS_MISMATCH'],
      [{ confirmPassword: 'Pearl-diving-1933' }, 'confirmPassword', 'PASSWORDS_MISMATCH'],
      [{ email: 'not-an-email', confirmEmail: 'not-an-email' }, 'email', 'EMAIL_INVALID'],
      [{ mobileNumber: '0097333123' }, 'mobileNumber', 'PHONE_TOO_SHORT'],
      [{ mobileNumber: '3612 34ab' }, 'mobileNumber', 'MOBILE_INVALID'],
      [{ birthday: '31/02/2001' }, 'birthday', 'DATE_INVALID'],
      [{ password: 'short', confirmPassword: 'short' }, 'password', 'PASSWORD_TOO_SHORT'],
      [{ password: 'Password123', confirmPassword: 'Password123' }, 'password', 'PASSWORD_TOO_COMMON'],
      [{ password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, 'password', 'PASSWORD_TOO_LONG'],
    ]
    for (const [change, field, message] of cases) {
      const response = await register({
        ...valid,
        email: 'new@example.bh',
        confirmEmail: 'new@example.bh',
        ...change,
      })
      expect(response.statusCode, field).toBe(400)
      expect(response.json().error.fields[field], field).toBe(message)
    }
    const none = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'new@example.bh')
      .execute()
    expect(none).toEqual([])
  })

  it('requires a birthday, when given, to make the person at least 16', async () => {
    const young = await register({
      ...valid,
      email: 'young@example.bh',
      confirmEmail: 'young@example.bh',
      birthday: birthdayYearsAgo(16, 1),
    })
    expect(young.statusCode).toBe(400)
    expect(young.json().error.fields.birthday).toBe('TOO_YOUNG')
    const sixteen = await register({
      ...valid,
      email: 'sixteen@example.bh',
      confirmEmail: 'sixteen@example.bh',
      birthday: birthdayYearsAgo(16),
    })
    expect(sixteen.statusCode).toBe(201)
    const none = await register({
      ...valid,
      email: 'nobday@example.bh',
      confirmEmail: 'nobday@example.bh',
      birthday: '',
    })
    expect(none.statusCode).toBe(201)
  })

  it('accepts a long passphrase', async () => {
    const long = 'a long and memorable passphrase about pearl diving in Muharraq '.repeat(2).slice(0, 120)
    const response = await register({
      ...valid,
      email: 'long@example.bh',
      confirmEmail: 'long@example.bh',
      password: long,
      confirmPassword: long,
    })
    expect(response.statusCode).toBe(201)
  })
})
