import { describe, expect, it } from 'vitest'
import { compilePageTemplate } from './page-template.ts'

const template =
  '<html lang="en"><head><meta charset="UTF-8" /><title>T</title>' +
  '<meta name="description" content="D" /></head><body><div id="root"></div></body></html>'

describe('the page template', () => {
  it('puts every value in literally, `$` patterns and all', () => {
    const page = compilePageTemplate(template)
    const text = "$1 $2 $& $' $` $$ $<slot>"
    expect(page({ title: text, description: text, headEnd: text, root: text })).toBe(
      `<html lang="en"><head><meta charset="UTF-8" /><title>${text}</title>` +
        `<meta name="description" content="${text}" />${text}</head><body>${text}</body></html>`,
    )
  })

  it('keeps the template’s own text in a slot given no value, and skips slots it lacks', () => {
    const page = compilePageTemplate('<html><head><title>T</title></head></html>')
    expect(page({ description: 'dropped', htmlTag: '<html lang="ar">' })).toBe(
      '<html lang="ar"><head><title>T</title></head></html>',
    )
  })
})
