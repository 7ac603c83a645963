import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { interCoreCharacters, interCoreFile, interCoreRanges, makeInterCore } from './inter-core.ts'

const localesDir = join(import.meta.dirname, '../src/web/locales/en')

describe("Inter's core file (scripts/inter-core.ts)", () => {
  it('is what the script cuts from the package’s file', async () => {
    expect((await makeInterCore()).equals(readFileSync(interCoreFile))).toBe(true)
  }, 30_000)

  it('is the face styles.css declares last, with the same characters', () => {
    const css = readFileSync(join(import.meta.dirname, '../src/web/styles.css'), 'utf8')
    const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((match) => match[1] as string)
    const inter = faces.filter((face) => face.includes('"Inter Variable"'))
    expect(inter).toHaveLength(2)
    const core = inter[1] as string
    expect(core).toContain('./fonts/inter-core-wght-normal.woff2')
    const declared = /unicode-range:([^;]+);/
      .exec(core)?.[1]
      ?.split(',')
      .map((range) => range.trim())
    expect(declared).toEqual([...interCoreRanges])
  })

  it('has every character of the English texts, so an English page needs no other Latin file', () => {
    const core = new Set(interCoreCharacters())
    const missing = new Set<string>()
    for (const file of readdirSync(localesDir))
      for (const character of collectText(JSON.parse(readFileSync(join(localesDir, file), 'utf8')))) {
        const code = character.codePointAt(0) as number
        // Arabic words in the English texts (the language switch) are the Arabic font's.
        if (code < 0x0600 && !core.has(character))
          missing.add(`${file}: ${character} (U+${code.toString(16)})`)
      }
    expect([...missing]).toEqual([])
  })
})

/** Every character of a catalog's values. */
function collectText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object') return Object.values(value).map(collectText).join('')
  return ''
}
