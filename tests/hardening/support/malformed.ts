import {
  build,
  type EndpointInputs,
  type MalformedCase,
  type MutationContext,
  mutation,
} from './malformed-draft.ts'
import { fieldMutations } from './malformed-fields.ts'
import { bodyMutations, routeMutations } from './malformed-requests.ts'
import { endpointSeed, junkHeaders, seededRandom } from './malformed-values.ts'

/**
 * At least `count` malformed requests to one endpoint, the same ones for the same seed. A request
 * to a POST endpoint is always broken in a way it must refuse (a wrong type, a missing field, bad
 * JSON, a foreign origin…), and may carry junk headers on top; a GET endpoint also gets junk it
 * may ignore and answer normally. First one request per mutation every endpoint must face, then
 * random mixes (a mutation from the pool, junk headers, junk in the query) up to `count`.
 */
export function malformedCases(
  name: string,
  inputs: EndpointInputs,
  seed: number,
  count: number,
): MalformedCase[] {
  const random = seededRandom(endpointSeed(seed, name))
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  const context: MutationContext = {
    shape: inputs.base(0),
    optional: new Set(inputs.optional),
    freeText: new Set(inputs.freeText),
    nullable: new Set(inputs.nullable),
    pick,
  }
  const fields = fieldMutations(context)
  const route = routeMutations(context)
  const must = [...fields.must, ...bodyMutations(context), ...route.must]
  const pool = [...fields.pool, ...route.pool]
  const fallback = pool.length > 0 ? pool : must
  const decorations = Object.entries(junkHeaders).map(([what, headers]) =>
    mutation(what, (draft) => {
      Object.assign(draft.headers, headers)
    }),
  )
  // A request with a body (POST, PATCH, PUT) is refused for its breakage; junk in its query changes nothing.
  const isPost = context.shape.method !== 'GET'

  const cases = must.map((change, n) => build(inputs, n, [change]))
  for (let n = cases.length; n < count; n++) {
    const junk = [pick(decorations), ...(random() < 0.5 ? [pick(decorations)] : [])]
    const more = random() < 0.3 ? [pick(isPost ? route.queryJunk : fallback)] : []
    cases.push(build(inputs, n, [pick(fallback), ...more, ...junk]))
  }
  return cases
}
