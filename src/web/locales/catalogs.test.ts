import { describe, expect, it } from 'vitest'

const catalogs = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' })

/** Every text's key, nested keys joined with dots, plural forms (`_one`, `_few`, …) as one key. */
function keysOf(catalog: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`.replace(/_(zero|one|two|few|many|other)$/, '')],
  )
}

const namespaces = [
  ...new Set(Object.keys(catalogs).map((file) => /^\.\/\w+\/([\w-]+)\.json$/.exec(file)?.[1])),
]

// The app has no fallback language (src/web/i18n.ts): a text missing in one language would show
// as its key.
describe('the text catalogs', () => {
  it.each(namespaces)('%s has the same texts in English and Arabic', (namespace) => {
    const english = catalogs[`./en/${namespace}.json`]
    const arabic = catalogs[`./ar/${namespace}.json`]
    expect(english, `en/${namespace}.json`).toBeDefined()
    expect(arabic, `ar/${namespace}.json`).toBeDefined()
    expect(new Set(keysOf(arabic ?? {}))).toEqual(new Set(keysOf(english ?? {})))
  })
})
