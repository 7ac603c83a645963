/**
 * The architecture check (`npm run check:architecture`): the layers of docs/decisions/032 and the
 * rules that keep them. src/server/architecture.test.ts shows each rule failing on a bad import.
 *
 * Layers, lowest first: src/shared; the server's platform (config, db, identity, plugins); the
 * server's features; the composition (app.ts, main.ts, seed.ts, mail-templates.ts). src/web sits
 * beside the server on top of src/shared. Imports go down, never up or sideways between the two
 * sides.
 */
const testFile = '\\.test\\.tsx?$'
const platform = '^src/server/((db|identity|plugins)/|(config|local-secret)\\.ts$)'
const composition = '^src/server/(app|main|seed|mail-templates)\\.ts$'

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
      name: 'platform-not-features',
      severity: 'error',
      comment:
        'The platform (config, db, identity, plugins) serves every feature and knows none of them, ' +
        'nor the composition that puts them together.',
      from: { path: platform, pathNot: testFile },
      to: { path: `^src/server/domain/|${composition}` },
    },
    {
      name: 'features-not-composition',
      severity: 'error',
      comment:
        'app.ts, main.ts, seed.ts and mail-templates.ts put the features together; no feature reaches back up to them.',
      from: { path: '^src/server/domain/', pathNot: testFile },
      to: { path: composition },
    },
    {
      name: 'infrastructure-not-features',
      severity: 'error',
      comment:
        'The audit log, the payment providers and mail serve other features and import none: ' +
        'each feature keeps its own mail templates, and the app lists them (src/server/mail-templates.ts).',
      from: { path: '^src/server/domain/(audit|payments|mail)/', pathNot: testFile },
      to: { path: '^src/server/domain/', pathNot: '^src/server/domain/$1/' },
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
