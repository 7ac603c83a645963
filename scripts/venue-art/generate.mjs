// Draws the artwork for every venue and writes it as AVIF and WebP in three widths:
//   public/images/venues/<venue>/<scene>-<480|960|1440>.<avif|webp>
// Run it after changing a palette or a scene: `node scripts/venue-art/generate.mjs`.
// The drawings are SVG (scenes.mjs) rasterised by sharp; the same seeds give the same pictures.
import { mkdirSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'
import { palettes } from './palettes.mjs'
import { cover, gym, pool, wellness } from './scenes.mjs'
import { random } from './shapes.mjs'

const scenes = { cover, gym, pool, wellness }
const widths = [480, 960, 1440]
const out = 'public/images/venues'
const manifest = {}

for (const [venue, palette] of Object.entries(palettes)) {
  mkdirSync(`${out}/${venue}`, { recursive: true })
  manifest[venue] = Object.keys(scenes)
  for (const [index, [name, draw]] of Object.entries(scenes).entries()) {
    const svg = Buffer.from(draw(random(palette.seed * 10 + index), palette))
    // Soften the flat shapes a touch so they read as a picture rather than a diagram.
    const master = await sharp(svg).blur(0.6).png().toBuffer()
    for (const width of widths) {
      const resized = sharp(master).resize(width, (width * 2) / 3)
      await resized.clone().webp({ quality: 72, effort: 5 }).toFile(`${out}/${venue}/${name}-${width}.webp`)
      await resized.clone().avif({ quality: 50, effort: 4 }).toFile(`${out}/${venue}/${name}-${width}.avif`)
    }
  }
  console.log(`drew ${venue}`)
}
writeFileSync(`${out}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`)
