import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Child, GiveUp, serverStates, waitUntil } from './processes.ts'

export const haproxyBinary = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy'

/** An account of /etc/passwd by name, with its primary group's name from /etc/group. */
function systemAccount(name: string): { user: string; group: string } | undefined {
  const read = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.split(':'))
  const gid = read('/etc/passwd').find(([user]) => user === name)?.[3]
  const group = read('/etc/group').find((fields) => fields[2] === gid)?.[0]
  return gid !== undefined && group ? { user: name, group } : undefined
}

/**
 * The account HAProxy drops to, as in production: Debian's `haproxy` (or `nobody` where the
 * package did not make one). Only root can switch account or chroot, so a test run by anyone else
 * leaves HAProxy as that user, and `reason` says why.
 */
export function haproxyAccount(): { user: string; group: string } | { reason: string } {
  if (process.getuid?.() !== 0)
    return { reason: 'the test does not run as root, so HAProxy cannot switch account or chroot' }
  return (
    systemAccount(process.env.HAPROXY_USER ?? 'haproxy') ??
    systemAccount('nobody') ?? { reason: 'no haproxy or nobody account on this machine' }
  )
}

/**
 * HAProxy started in the foreground (-db, so it is this test's child and ends with it) from the
 * config deploy/haproxy-config.mjs makes out of deploy/haproxy.cfg, locked in an empty directory
 * of `workDir`; its log lines are on its stdout, in `output`.
 */
export async function startHaproxy(options: {
  workDir: string
  bind: string
  socketPath: string
  servers: string[]
}): Promise<{ child: Child; chroot?: string }> {
  const account = haproxyAccount()
  const chroot = 'user' in account ? await mkdtemp(join(options.workDir, 'haproxy-chroot-')) : undefined
  const privileges =
    'user' in account && chroot
      ? ['--user', account.user, '--group', account.group, '--chroot', chroot]
      : ['--as-invoker']
  const config = execFileSync(
    process.execPath,
    [
      'deploy/haproxy-config.mjs',
      '--bind',
      options.bind,
      '--socket',
      options.socketPath,
      '--served-by-header',
      ...privileges,
      ...options.servers,
    ],
    { encoding: 'utf8' },
  )
  const configPath = join(options.workDir, 'haproxy.cfg')
  await writeFile(configPath, config)
  const child = new Child('haproxy', haproxyBinary, ['-db', '-f', configPath])
  await waitUntil('HAProxy to answer on its runtime API', async () => {
    if (!child.running) throw new GiveUp(`HAProxy exited:\n${child.tail()}`)
    await serverStates(options.socketPath)
    return true
  })
  return { child, chroot }
}
