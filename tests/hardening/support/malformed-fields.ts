import {
  deleteAt,
  type Mutation,
  type MutationContext,
  type Mutations,
  mutation,
  setAt,
  walk,
} from './malformed-draft.ts'
import {
  hostileStrings,
  jsonType,
  megabyte,
  outOfRangeDates,
  unstorableStrings,
  wrongTypeValues,
} from './malformed-values.ts'

const oneMegabyte = 'A'.repeat(megabyte)

/**
 * Breaks the body field by field: a wrong type, the field left out, text no field may hold (in
 * place of the value and inside it), 1 MB of text, and hostile text in the fields with a format.
 * Each field gets one of each kind among the cases for sure; the rest go in the pool.
 */
export function fieldMutations({ shape, optional, freeText, nullable, pick }: MutationContext): Mutations {
  const must: Mutation[] = []
  const pool: Mutation[] = []
  const fields = walk(shape.body ?? {})
  for (const { path, key, value } of fields) {
    const typed = Object.entries(wrongTypeValues)
      .filter(([, wrong]) => jsonType(wrong) !== jsonType(value))
      .filter(([, wrong]) => !(wrong === null && nullable.has(key)))
      .map(([what, wrong]) => mutation(`wrong type: ${key} = ${what}`, setAt(path, wrong)))
    must.push(pick(typed))
    pool.push(...typed)
    // An array's items are its own business (a list of options may lose one); the array is checked whole.
    if (!optional.has(key) && typeof path.at(-1) === 'string') {
      const missing = mutation(`missing: ${key}`, deleteAt(path))
      must.push(missing)
      pool.push(missing)
    }
    if (typeof value !== 'string') continue
    // Inside the value too, where a format check (an e-mail address's shape) would let it by.
    const replaced = Object.entries(unstorableStrings).map(([what, text]) =>
      mutation(`${what} in ${key}`, setAt(path, text)),
    )
    const inserted = Object.entries(unstorableStrings).map(([what, text]) =>
      mutation(`${what} inside ${key}`, setAt(path, `${value.slice(0, 1)}${text}${value.slice(1)}`)),
    )
    must.push(pick(replaced), pick(inserted), mutation(`1 MB string in ${key}`, setAt(path, oneMegabyte)))
    pool.push(...replaced, ...inserted)
    // A date in no year the site takes, every one of them: the database would fail on it, not the schema.
    const dates = outOfRangeDates(value).map((date) => mutation(`${key} = ${date}`, setAt(path, date)))
    must.push(...dates)
    pool.push(...dates)
  }

  // Hostile text goes where a format is checked: a free-text field may rightly store it.
  const formatted = fields.filter(
    ({ key, value }) => typeof value === 'string' && !freeText.has(key) && !optional.has(key),
  )
  for (const [what, text] of Object.entries(hostileStrings)) {
    const hostile = formatted
      // Fields are trimmed: a blank text in an empty field changes nothing.
      .filter(({ value }) => String(value).trim() !== text.trim())
      .map(({ path, key }) => mutation(`${what} in ${key}`, setAt(path, text)))
    if (hostile.length > 0) must.push(pick(hostile))
    pool.push(...hostile)
  }

  // Unknown fields, on a request missing a field it needs, so it cannot pass with them ignored.
  if (shape.body) {
    const required = Object.keys(shape.body).filter((key) => !optional.has(key))
    for (const key of required)
      must.push(
        mutation(`unknown fields, and no ${key}`, (draft) => {
          const object = draft.body as Record<string, unknown>
          delete object[key]
          Object.assign(object, extraFields)
        }),
      )
    for (const [what, text] of Object.entries({ ...hostileStrings, ...unstorableStrings })) {
      const missing = required.length > 0 ? pick(required) : undefined
      pool.push(
        mutation(
          `an unknown field named and valued ${what}${missing ? `, and no ${missing}` : ''}`,
          (draft) => {
            const object = draft.body as Record<string, unknown>
            if (missing) delete object[missing]
            object[text] = text
          },
        ),
      )
    }
  }
  return { must, pool }
}

/** Fields a client might hope to set on itself, and keys that are trouble in JavaScript. */
const extraFields = {
  role: 'admin',
  isAdmin: true,
  emailVerified: true,
  status: 'approved',
  userId: 'someone-else',
  id: 1,
  prototype: {},
  toString: 'x',
  hasOwnProperty: 1,
  ['k'.repeat(1000)]: 1,
  '': 'an empty key',
  '\u202e': 'an RTL override key',
}
