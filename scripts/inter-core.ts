// `npx tsx scripts/inter-core.ts` writes src/web/fonts/inter-core-wght-normal.woff2: Inter's variable
// Latin file from @fontsource-variable/inter cut to the characters English pages use (ASCII, the
// typographer's quotes, dashes and ellipsis, ×, ÷, ©, ·, →), 29 KB instead of 48 KB. The rest of
// Latin stays in the full file, which a page fetches only when it shows such a character
// (src/web/styles.css). Run it again after upgrading the font package; scripts/inter-core.test.ts
// checks that the committed file is what this makes, and that the English texts stay within it.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import subsetFont from 'subset-font'

/** The core's code points, as CSS `unicode-range` values (the same list as in src/web/styles.css). */
export const interCoreRanges = [
  'U+0020-007E',
  'U+00A0',
  'U+00A9',
  'U+00B7',
  'U+00D7',
  'U+00F7',
  'U+2013-2014',
  'U+2018-201D',
  'U+2022',
  'U+2026',
  'U+2192',
  'U+2212',
] as const

export const interCoreFile = join(import.meta.dirname, '../src/web/fonts/inter-core-wght-normal.woff2')
const sourceFile = join(
  import.meta.dirname,
  '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
)

/** Every character the ranges name. */
export function interCoreCharacters(): string {
  return interCoreRanges
    .flatMap((range) => {
      const [from, to = from] = range
        .slice(2)
        .split('-')
        .map((hex) => Number.parseInt(hex, 16)) as [number, number?]
      return Array.from({ length: to - from + 1 }, (_, offset) => String.fromCodePoint(from + offset))
    })
    .join('')
}

/** The core font's bytes, cut from the package's file (its weight axis kept). */
export async function makeInterCore(): Promise<Buffer> {
  return subsetFont(await readFile(sourceFile), interCoreCharacters(), { targetFormat: 'woff2' })
}

if (process.argv[1] === import.meta.filename) {
  const font = await makeInterCore()
  await writeFile(interCoreFile, font)
  console.log(`${interCoreFile}: ${font.length} bytes`)
}
