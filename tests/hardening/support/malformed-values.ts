/** The raw material of the malformed requests: hostile strings, wrong types, junk headers. */

export const megabyte = 1024 * 1024

/** Text no field may hold: PostgreSQL cannot store NUL, and a lone surrogate is not Unicode. */
export const unstorableStrings: Record<string, string> = {
  'NUL byte': 'pearl\u0000diver',
  'only NUL': '\u0000',
  'SQL with NUL': "admin'\u0000--",
  'lone high surrogate': 'x\ud800y',
  'lone low surrogate': '\udc00',
  'reversed surrogate pair': '\udc00\ud83d',
}

/**
 * Hostile but well-formed text. Every format-checked field (e-mail, id, date, code, enum) must
 * refuse it; a free-text field (a name, a message) may store it, exactly as sent. None of these is
 * a valid e-mail address, date or id, so a field that accepts one has let it through.
 */
export const hostileStrings: Record<string, string> = {
  'SQL: or 1=1': "' OR '1'='1' --",
  'SQL: union': "x' UNION SELECT password, id FROM accounts --",
  'SQL: stacked drop': "x'); DROP TABLE users; --",
  'SQL: comment': "admin'/*",
  'SQL: backslash quote': "\\'; SELECT pg_sleep(5); --",
  'SQL: dollar quote': '$$; DELETE FROM orders; $$',
  'SQL: numeric': '1 OR 1=1',
  'HTML: script': '<script>alert(1)</script>',
  'HTML: img onerror': '<img src=x onerror=alert(1)>',
  'HTML: svg onload': '<svg/onload=alert(1)>',
  'HTML: attribute break': '" autofocus onfocus="alert(1)',
  'javascript: URL': 'javascript:alert(document.cookie)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the attack.
  'template injection': '{{7*7}}${7*7}<%= 7*7 %>',
  'path traversal': '../../../../etc/passwd',
  'encoded traversal': '..%2f..%2f..%2fetc%2fpasswd',
  'CRLF injection': 'a\r\nSet-Cookie: pwned=1',
  'RTL override': '\u202egnp.exe',
  'zero-width characters': 'a\u200db\u200cc\u200bd\ufeff',
  emoji: '👩🏽‍💻🏋️‍♀️🇧🇭',
  'combining marks': 'Z\u0335\u0321\u032a\u032b\u0354\u034c\u0300a\u0336l\u0337g\u0338o\u0335',
  'Arabic with diacritics': 'مَرْحَبًا بِكُمْ',
  'full-width letters': 'ｓｅｌｅｃｔ＊',
  'NoSQL operator': '{"$gt": ""}',
  // String.replace expands these in a replacement string: text put in that way copies parts of the page.
  'replacement patterns': "$1 $2 $& $' $` $$ $<name>",
  'replacement in a sentence': 'Lockers cost $1 extra',
  'replacement meta refresh': '0;url=https://evil.example/?x$2 http-equiv=refresh x',
  'replacement after a quote': "Ali's $' gym",
  'format string': '%s%s%s%n%x',
  'only spaces': '   ',
  'empty string': '',
  'tab and newline': '\t\n',
  '400 digits': '9'.repeat(400),
  'negative number': '-1',
  exponent: '1e309',
}

/**
 * Dates and months of the right form in years no request may name: year 0 is no year to PostgreSQL
 * and the day after 9999-12-31 is in year 10000. Each field whose value is a date (or a month, or a
 * dd/mm/yyyy date) gets every one of its form.
 */
const outOfRange: Array<[RegExp, string[]]> = [
  [
    /^\d{4}-\d{2}-\d{2}$/,
    ['0000-01-01', '0000-12-31', '9999-01-01', '9999-12-31', '1999-12-31', '2101-01-01'],
  ],
  [/^\d{4}-\d{2}$/, ['0000-01', '9999-12', '1999-12', '2101-01']],
  [/^\d{2}\/\d{2}\/\d{4}$/, ['01/01/0000', '31/12/0000', '01/01/9999', '31/12/9999']],
]

/** Out-of-range dates in the form of `value`; none when it is no date. */
export function outOfRangeDates(value: unknown): string[] {
  if (typeof value !== 'string') return []
  return outOfRange.find(([form]) => form.test(value))?.[1] ?? []
}

/** Values of every JSON type; a field gets the ones of a type other than its own. */
export const wrongTypeValues: Record<string, unknown> = {
  null: null,
  true: true,
  false: false,
  zero: 0,
  'minus one': -1,
  'a fraction': 1.5,
  '1e308': 1e308,
  '2^53': 2 ** 53,
  'a string': 'text',
  'an empty array': [],
  'an array of strings': ['x', 'y'],
  'an empty object': {},
  'an operator object': { $gt: '' },
}

export function jsonType(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
}

/** Broken JSON texts, each refused by any JSON parser. */
export const brokenJson = [
  '{',
  '}',
  '{"',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  '[1,2',
  'nul',
  'NaN',
  'undefined',
  '{"a":1}garbage',
  '{"a":1}{"b":2}',
  '{"a":"unterminated}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  '{"a":Infinity}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '\ufeff',
  '\u0000{}',
]

/** Well-formed JSON that is not a request object. */
export const wrongTopLevelJson = ['null', 'true', '0', '-1e999', '"text"', '[]', '[{}]', '[[]]']

/** Pieces of URL that are badly encoded or hostile once decoded. */
export const badUrlPieces = [
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  '%00',
  '%2e%2e%2f%2e%2e%2f',
  '..',
  '.',
  '%2F',
  '%252F',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  "'%20OR%201=1--",
  '%0d%0aSet-Cookie:%20x=1',
]

/** Other sites' origins, and our own spelt wrongly: each must be refused on a state-changing request. */
export const crossOrigins = [
  'https://evil.example',
  'null',
  'http://localhost:3000.evil.example',
  'http://localhost:3001',
  'http://localhost:3000/',
  'HTTP://LOCALHOST:3000',
]

/** Junk that rides along with a request without making it invalid: odd cookies and headers. */
export const junkHeaders: Record<string, Record<string, string | string[]>> = {
  'junk session cookie': { cookie: 'better-auth.session_token=not-a-token.not-a-signature' },
  'badly encoded cookie': { cookie: 'better-auth.session_token=%E0%A4%A; lang=%zz' },
  'cookie soup': { cookie: '=;;;=;a;b=;=c; lang=ar; lang=en; lang=' },
  'huge cookie': { cookie: `junk=${'x'.repeat(8000)}` },
  'five hundred cookies': { cookie: Array.from({ length: 500 }, (_, i) => `c${i}=${i}`).join('; ') },
  'junk accept-language': { 'accept-language': `*;q=abc, ar-BH;q=1.5, ${'x'.repeat(500)}` },
  'huge user-agent': { 'user-agent': 'U'.repeat(8000) },
  'junk x-forwarded-for': { 'x-forwarded-for': 'not-an-ip, 999.999.999.999, ::ffff:' },
  'a Host that is no host name': { host: 'bad host name' },
  'duplicate accept headers': { accept: ['application/json', 'text/html'] },
  'method override header': { 'x-http-method-override': 'DELETE' },
  'junk authorization': { authorization: `Bearer ${'A'.repeat(500)}` },
  'junk if-none-match': { 'if-none-match': `"${'x'.repeat(500)}` },
}

/** Query strings that no endpoint reads but every endpoint must survive. */
export const junkQueries: Record<string, string> = {
  'prototype keys in the query': '__proto__[polluted]=yes&constructor[prototype][polluted]=yes',
  'empty query pairs': '&&&==&=&',
  'two thousand parameters': 'a=1&'.repeat(2000),
  'badly encoded query': '%zz=%zz&%=%',
  'query with NUL': 'x=%00&%00=y',
}

/** Only what a real HTTP parser lets through in a header value: printable ASCII. */
export const headerSafe = (text: string) => /^[\x20-\x7e]*$/.test(text)

/** Percent-encodes the UTF-8 bytes of text (a lone surrogate becomes U+FFFD, as a browser sends it). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')
}

/** A deterministic stream of numbers in [0, 1) (mulberry32), so every run with a seed is the same. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let x = state
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

/** The seed of one endpoint's stream: the run's seed mixed with the endpoint's name (FNV-1a). */
export function endpointSeed(seed: number, name: string): number {
  let hash = 0x811c9dc5 ^ seed
  for (const char of name) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193)
  return hash >>> 0
}
