import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/**
 * IBM Plex Sans Arabic, the site's Arabic face, from its npm package: its Arabic letters and its
 * Latin letters and digits are separate files, so each piece of a line takes the file of its script.
 */
export const pdfFonts = {
  arabic: require.resolve(
    '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff',
  ),
  arabicBold: require.resolve(
    '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff',
  ),
  latin: require.resolve('@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-400-normal.woff'),
  latinBold: require.resolve(
    '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-700-normal.woff',
  ),
} as const
