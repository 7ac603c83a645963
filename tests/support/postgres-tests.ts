import { globSync, readFileSync } from 'node:fs'

/**
 * Which server test files run a second time on PostgreSQL (CI sets DATABASE_URL). PGlite is
 * PostgreSQL itself, compiled to WebAssembly, so a test whose queries run one after another asserts
 * the same thing on both. They differ where PGlite cannot: it has one connection, which serves every
 * query in turn, so races, locks, several connections or servers, LISTEN/NOTIFY and a pool's
 * failures happen only on PostgreSQL; and migrations meet the server's own version there. A file
 * runs on PostgreSQL too when its text shows one of these, or when it says `Also on PostgreSQL`.
 * The rule reads the files, so a new concurrency test is picked up without a list to keep.
 */
export const engineSensitive =
  /Promise\.all|allSettled|concurren|at once|TEST_DATABASE_URL|openDatabase|migrat|LISTEN|NOTIFY|FOR UPDATE|SKIP LOCKED|advisory|Also on PostgreSQL/

export function postgresTests(patterns: string[]): string[] {
  return patterns
    .flatMap((pattern) => globSync(pattern))
    .filter((file) => engineSensitive.test(readFileSync(file, 'utf8')))
    .sort()
}
