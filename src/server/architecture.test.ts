import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser'
import { afterAll, describe, expect, it } from 'vitest'

// The same rules `npm run check:architecture` runs (docs/decisions/036).
const root = fileURLToPath(new URL('../..', import.meta.url))
const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as IConfiguration

/** The rule and the import of every violation, for `src` under `baseDir`. */
async function violations(baseDir: string) {
  const { output } = await cruise(['src'], {
    ...config.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  })
  return (output as ICruiseResult).summary.violations.map(({ rule, from, to }) => ({
    rule: rule.name,
    from,
    to,
  }))
}

/** A small tree laid out like this one, every import going the way the layers allow. */
const wellLayered: Record<string, string> = {
  'src/shared/money.ts': 'export const fils = 1000\n',
  'src/server/platform/db/database.ts':
    "import { fils } from '../../../shared/money.ts'\nexport const db = { fils }\n",
  'src/server/platform/identity/caller.ts': 'export type Caller = { kind: "anonymous" }\n',
  'src/server/platform/http/errors.ts':
    "import type { Caller } from '../identity/caller.ts'\nexport type Who = Caller\n",
  'src/server/platform/payments/provider.ts':
    "import { db } from '../db/database.ts'\nexport const pay = db\n",
  'src/server/platform/mail/outbox.ts': "import { db } from '../db/database.ts'\nexport const outbox = db\n",
  'src/server/domain/checkout/place-order.ts':
    "import { pay } from '../../platform/payments/provider.ts'\nimport { places } from '../visits/places.ts'\nexport const order = () => [pay, places]\n",
  'src/server/domain/checkout/receipt-mail.tsx':
    "import { outbox } from '../../platform/mail/outbox.ts'\nexport const receipt = () => <p>{String(outbox)}</p>\n",
  'src/server/domain/visits/places.ts':
    "import { db } from '../../platform/db/database.ts'\nexport const places = db\n",
  'src/server/routes/checkout.ts':
    "import { order } from '../domain/checkout/place-order.ts'\nimport type { Who } from '../platform/http/errors.ts'\nexport const routes = (who: Who) => [order, who]\n",
  'src/server/mail-templates.ts':
    "import { receipt } from './domain/checkout/receipt-mail.tsx'\nexport const templates = { receipt }\n",
  'src/server/app.ts':
    "import { routes } from './routes/checkout.ts'\nimport { templates } from './mail-templates.ts'\nexport const app = [routes, templates]\n",
  'src/web/page.tsx': "import { fils } from '../shared/money.ts'\nexport const Page = () => <p>{fils}</p>\n",
}

const badImports: { rule: string; files: Record<string, string>; from: string; to: string }[] = [
  {
    rule: 'no-circular',
    // Type-only imports, as the cycles this check was brought in to end were.
    files: {
      'src/server/domain/checkout/quote.ts':
        "import type { order } from './place-order.ts'\nexport type Quote = typeof order\n",
      'src/server/domain/checkout/place-order.ts':
        "import type { Quote } from './quote.ts'\nexport const order = (quote: Quote) => quote\n",
    },
    from: 'src/server/domain/checkout/place-order.ts',
    to: 'src/server/domain/checkout/quote.ts',
  },
  {
    rule: 'shared-is-a-leaf',
    files: {
      'src/shared/caller.ts':
        "import type { Caller } from '../server/platform/identity/caller.ts'\nexport type Who = Caller\n",
    },
    from: 'src/shared/caller.ts',
    to: 'src/server/platform/identity/caller.ts',
  },
  {
    rule: 'web-not-server',
    files: {
      'src/web/page.tsx':
        "import { pay } from '../server/platform/payments/provider.ts'\nexport const Page = () => <p>{String(pay)}</p>\n",
    },
    from: 'src/web/page.tsx',
    to: 'src/server/platform/payments/provider.ts',
  },
  {
    rule: 'platform-knows-no-domain',
    // Mail renders what the features hand it; a template belongs to its feature.
    files: {
      'src/server/platform/mail/outbox.ts':
        "import type { order } from '../../domain/checkout/place-order.ts'\nexport type Queued = typeof order\n",
    },
    from: 'src/server/platform/mail/outbox.ts',
    to: 'src/server/domain/checkout/place-order.ts',
  },
  {
    rule: 'platform-knows-no-domain',
    files: {
      'src/server/platform/http/seen.ts': "import { app } from '../../app.ts'\nexport const seen = app\n",
    },
    from: 'src/server/platform/http/seen.ts',
    to: 'src/server/app.ts',
  },
  {
    rule: 'domain-knows-no-routes',
    files: {
      'src/server/domain/visits/links.ts':
        "import { routes } from '../../routes/checkout.ts'\nexport const links = routes\n",
    },
    from: 'src/server/domain/visits/links.ts',
    to: 'src/server/routes/checkout.ts',
  },
  {
    rule: 'routes-not-composition',
    files: {
      'src/server/routes/bookings.ts': "import { app } from '../app.ts'\nexport const bookings = app\n",
    },
    from: 'src/server/routes/bookings.ts',
    to: 'src/server/app.ts',
  },
  {
    rule: 'routes-not-routes',
    files: {
      'src/server/routes/bookings.ts':
        "import { routes } from './checkout.ts'\nexport const bookings = routes\n",
    },
    from: 'src/server/routes/bookings.ts',
    to: 'src/server/routes/checkout.ts',
  },
  {
    rule: 'no-feature-internals',
    files: {
      'src/server/domain/visits/ticket-mail.tsx':
        "import { outbox } from '../../platform/mail/outbox.ts'\nexport const ticket = () => <p>{String(outbox)}</p>\n",
      'src/server/domain/checkout/confirm.ts':
        "import { ticket } from '../visits/ticket-mail.tsx'\nexport const confirm = ticket\n",
    },
    from: 'src/server/domain/checkout/confirm.ts',
    to: 'src/server/domain/visits/ticket-mail.tsx',
  },
  {
    rule: 'domain-in-order',
    // visits comes before checkout: the booked visit is stored, checkout is what books it.
    files: {
      'src/server/domain/visits/quote.ts':
        "import type { order } from '../checkout/place-order.ts'\nexport type Quote = typeof order\n",
    },
    from: 'src/server/domain/visits/quote.ts',
    to: 'src/server/domain/checkout/place-order.ts',
  },
  {
    rule: 'domain-folder-listed',
    files: {
      'src/server/domain/loyalty/points.ts':
        "import { db } from '../../platform/db/database.ts'\nexport const points = db\n",
    },
    from: 'src/server/domain/loyalty/points.ts',
    to: 'src/server/platform/db/database.ts',
  },
]

const trees: string[] = []
async function tree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'architecture-'))
  trees.push(dir)
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), text)
  }
  return dir
}
afterAll(() => Promise.all(trees.map((dir) => rm(dir, { recursive: true, force: true }))))

describe('the architecture check', () => {
  it('finds nothing wrong in this repository', async () => {
    expect(await violations(root)).toEqual([])
  })

  it('finds nothing wrong in a tree whose imports all go down', async () => {
    expect(await violations(await tree(wellLayered))).toEqual([])
  })

  it.each(badImports)('reports $rule for one bad import', async ({ rule, files, from, to }) => {
    const found = await violations(await tree({ ...wellLayered, ...files }))
    expect(found).toContainEqual({ rule, from, to })
    expect(new Set(found.map((violation) => violation.rule))).toEqual(new Set([rule]))
  })
})

describe('the booked visit has one home', () => {
  // The visits module owns its table (docs/booking.md, "Where the visit's code lives"): other
  // features call its repositories. Only the reports' aggregate query reads it directly, for speed.
  it('names confirmed_bookings only in the visits module, the reports query and the schema', async () => {
    const { readdir, readFile } = await import('node:fs/promises')
    const files = (await readdir(join(root, 'src/server'), { recursive: true }))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => file.split('\\').join('/'))
    const naming: string[] = []
    for (const file of files)
      if ((await readFile(join(root, 'src/server', file), 'utf8')).includes('confirmed_bookings'))
        naming.push(file)
    const outside = naming.filter(
      (file) =>
        !file.startsWith('domain/visits/') &&
        !['domain/reports/repository.ts', 'platform/db/schema.ts'].includes(file),
    )
    expect(outside).toEqual([])
    expect(naming.some((file) => file.startsWith('domain/visits/'))).toBe(true)
  })
})
