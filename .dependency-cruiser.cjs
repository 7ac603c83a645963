/**
 * The architecture check (`npm run check:architecture`): the layers of docs/decisions/036 and the
 * rules that keep them. src/server/architecture.test.ts shows each rule failing on a bad import.
 *
 * Layers, lowest first: src/shared; the server's platform (src/server/platform); its domain
 * (src/server/domain); its HTTP routes, grouped by URL (src/server/routes); the composition
 * (app.ts, main.ts, seed.ts, mail-templates.ts). src/web sits beside the server on top of
 * src/shared. Imports go down, never up, and never between the two sides.
 */
const testFile = '\\.test\\.tsx?$'
const composition = '^src/server/(app|main|seed|mail-templates|periodic-jobs)\\.ts$'
/** What a domain feature hands to the composition to wire: its mail renderers and its seeders. */
const wiredByComposition = '^src/server/domain/([^/]+)/([^/]+-mail\\.tsx|seed[^/]*\\.ts)$'

/**
 * The domain's folders, each importing only folders before it (docs/decisions/054, §6): what is
 * stored and its rules first (catalog, accounts, visits, places, orders), then what happens to them
 * (notices, the waiting list, checkout, visit changes, the desk, reports, the team's work). So no
 * two folders import each other and no knot of folders forms. A new folder takes its place here.
 */
const domainOrder = [
  'areas',
  'catalog',
  'contact',
  'venue-photos',
  'guest-verification',
  'accounts',
  'refunds',
  'visits',
  'team',
  'places',
  'orders',
  'receipts',
  'calendar',
  'tickets',
  'reminders',
  'venue-notices',
  'reviews',
  'waitlist',
  'checkout',
  'visit-changes',
  'desk',
  'reports',
  'venue-schedule',
  'vendors',
  'venue-admin',
  'invitations',
  'newsletter',
  'scan',
  'privacy',
]

/** One rule per folder: it may not import a folder after it, nor a folder not in the list. */
const domainInOrder = domainOrder.map((folder, index) => ({
  name: 'domain-in-order',
  severity: 'error',
  comment:
    `src/server/domain/${folder} imports only the domain folders listed before it in ` +
    '.dependency-cruiser.cjs (domainOrder). Move what both need to the earlier folder, or hand it in ' +
    'from the later one (a listener, a parameter).',
  from: { path: `^src/server/domain/${folder}/`, pathNot: testFile },
  to: {
    path: '^src/server/domain/[^/]+/',
    pathNot: `^src/server/domain/(${domainOrder.slice(0, index + 1).join('|')})/`,
  },
}))

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle, type-only imports included: none of its files can be read from the bottom up. ' +
        'Move what both sides need to the module it belongs to, lower down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-is-a-leaf',
      severity: 'error',
      comment:
        'src/shared is read by the server and the browser alike: it imports neither. ' +
        "(Its tests may: they check the browser's texts against the shared error codes.)",
      from: { path: '^src/shared/', pathNot: testFile },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The browser app talks to the server over HTTP; what both need lives in src/shared.',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'platform-knows-no-domain',
      severity: 'error',
      comment:
        'The platform (config, db, identity, http, mail, payments, audit) serves every feature and ' +
        'knows none of them, nor the routes or the composition above them. A feature adds what it ' +
        'needs to the platform (its mails, say) from its own folder.',
      from: { path: '^src/server/platform/', pathNot: testFile },
      to: { path: `^src/server/(domain|routes)/|${composition}` },
    },
    {
      name: 'domain-knows-no-routes',
      severity: 'error',
      comment:
        'The domain (repositories, rules, services, mails) is what the routes call; it never imports ' +
        'a route, nor the composition.',
      from: { path: '^src/server/domain/', pathNot: testFile },
      to: { path: `^src/server/routes/|${composition}` },
    },
    {
      name: 'routes-not-composition',
      severity: 'error',
      comment:
        'app.ts, main.ts, seed.ts and mail-templates.ts put the routes together; no route reaches back up.',
      from: { path: '^src/server/routes/', pathNot: testFile },
      to: { path: composition },
    },
    {
      name: 'routes-not-routes',
      severity: 'error',
      comment:
        'Each routes file serves one URL family and stands alone; what two of them share belongs in ' +
        'the domain or the platform.',
      from: { path: '^src/server/routes/', pathNot: testFile },
      to: { path: '^src/server/routes/' },
    },
    {
      name: 'no-feature-internals',
      severity: 'error',
      comment:
        "A feature's mail renderers and seeders are wired by the composition (mail-templates.ts, " +
        'seed.ts); another feature uses its data functions, never them.',
      from: { path: '^src/server/domain/([^/]+)/', pathNot: testFile },
      to: { path: wiredByComposition, pathNot: '^src/server/domain/$1/' },
    },
    ...domainInOrder,
    {
      name: 'domain-folder-listed',
      severity: 'error',
      comment: 'Every domain folder has its place in domainOrder (.dependency-cruiser.cjs).',
      from: { path: '^src/server/domain/', pathNot: `^src/server/domain/(${domainOrder.join('|')})/` },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with; swc parses .ts and
    // .tsx and marks type-only imports, which count for cycles like any other import.
    parser: 'swc',
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
}
