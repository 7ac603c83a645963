// jsdom (the web tests' environment) ships no type declarations; only its parser is used here.
// @ts-expect-error TS7016: an untyped module, typed below by what it returns.
import { JSDOM } from 'jsdom'

/** A page, mail or fragment parsed as a browser parses it: attributes and text decoded. */
export function parseHtml(html: string): Document {
  return new JSDOM(html).window.document as Document
}
