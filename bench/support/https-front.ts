import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stopChild } from './server-process.ts'

const haproxyBinary = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy'

/**
 * The production front before `serverUrl`, as deploy/RUNBOOK.md has it for HTTPS: HAProxy with the
 * config deploy/haproxy-config.mjs makes, bound with TLS and HTTP/2 (`alpn h2,http/1.1`), on
 * `port`. A browser then loads a page as a visitor's does: over one multiplexed connection, not
 * the six plain HTTP/1.1 connections it opens to a bare server, whose set-up Lighthouse's
 * simulation charges at a phone's round trip each. The certificate is self-signed for 127.0.0.1,
 * made with openssl for the run; the benchmark's browsers are told to accept it.
 */
export async function withHttpsFront<T>(serverUrl: string, port: number, body: () => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-front-'))
  let haproxy: ChildProcess | undefined
  try {
    const key = join(dir, 'key.pem')
    const certificate = join(dir, 'certificate.pem')
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        certificate,
      ],
      { stdio: 'ignore' },
    )
    const bundle = join(dir, 'front.pem')
    await writeFile(bundle, `${await readFile(certificate, 'utf8')}${await readFile(key, 'utf8')}`)
    const config = execFileSync(process.execPath, [
      'deploy/haproxy-config.mjs',
      '--bind',
      `127.0.0.1:${port} ssl crt ${bundle} alpn h2,http/1.1`,
      '--socket',
      join(dir, 'haproxy.sock'),
      new URL(serverUrl).host,
    ])
    const configFile = join(dir, 'haproxy.cfg')
    await writeFile(configFile, config)
    haproxy = spawn(haproxyBinary, ['-db', '-f', configFile], { stdio: 'ignore' })
    await untilAnswered(`https://127.0.0.1:${port}/api/health`, haproxy)
    return await body()
  } finally {
    if (haproxy) await stopChild(haproxy)
    await rm(dir, { recursive: true, force: true })
  }
}

async function untilAnswered(url: string, haproxy: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (haproxy.exitCode !== null) throw new Error(`HAProxy exited (${haproxy.exitCode}) before answering`)
    if ((await statusOf(url)) === 200) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer 200 within 15 s`)
}

function statusOf(url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const asked = request(url, { rejectUnauthorized: false }, (response) => {
      response.resume()
      resolve(response.statusCode)
    })
    asked.on('error', () => resolve(undefined))
    asked.end()
  })
}
