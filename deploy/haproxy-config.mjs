#!/usr/bin/env node
// Prints deploy/haproxy.cfg filled in for the given servers: one `server sN host:port` line each,
// in the order given (s1 is the first). The fleet test starts HAProxy from this output too.
//
//   node deploy/haproxy-config.mjs [--bind ADDR:PORT] [--socket PATH] [--served-by-header]
//     [--user NAME] [--group NAME] [--chroot DIR | --as-invoker] HOST:PORT...
//
// --bind              where HAProxy listens (default :80)
// --socket            the runtime API's socket (default /run/haproxy/admin.sock)
// --served-by-header  answers carry `X-Served-By: sN`, to see which server answered (tests, debugging)
// --user, --group     the account HAProxy runs as once it has bound its ports (default haproxy,
//                     haproxy: Debian's package creates both)
// --chroot            the empty directory it is locked in (default /var/lib/haproxy, Debian's)
// --as-invoker        none of the three: HAProxy keeps the account that started it, which then
//                     must not be root (a test run by another user; HAProxy started as root
//                     would keep root's every right)
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const usage =
  'usage: node deploy/haproxy-config.mjs [--bind ADDR:PORT] [--socket PATH] [--served-by-header] ' +
  '[--user NAME] [--group NAME] [--chroot DIR | --as-invoker] HOST:PORT...'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    bind: { type: 'string', default: ':80' },
    socket: { type: 'string', default: '/run/haproxy/admin.sock' },
    'served-by-header': { type: 'boolean', default: false },
    user: { type: 'string', default: 'haproxy' },
    group: { type: 'string', default: 'haproxy' },
    chroot: { type: 'string', default: '/var/lib/haproxy' },
    'as-invoker': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})

if (values.help) {
  console.log(usage)
  process.exit(0)
}
const wrong = positionals.filter((server) => !/^[\w.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/.test(server))
if (positionals.length === 0 || wrong.length > 0) {
  console.error(wrong.length ? `not HOST:PORT: ${wrong.join(', ')}` : 'no servers given')
  console.error(usage)
  process.exit(2)
}

// Each becomes one word of a config line: anything else would write a line of its own.
const badPrivilege = ['user', 'group', 'chroot'].find(
  (name) => !(name === 'chroot' ? /^\/[\w./-]*$/ : /^[a-z_][\w-]*$/i).test(values[name]),
)
if (badPrivilege) {
  console.error(`not a valid --${badPrivilege}: ${values[badPrivilege]}`)
  console.error(usage)
  process.exit(2)
}
const privileges = values['as-invoker']
  ? ''
  : [`    user ${values.user}`, `    group ${values.group}`, `    chroot ${values.chroot}`].join('\n')

const template = readFileSync(new URL('./haproxy.cfg', import.meta.url), 'utf8')
const fields = {
  BIND: values.bind,
  STATS_SOCKET: values.socket,
  PRIVILEGES: privileges,
  SERVED_BY: values['served-by-header'] ? '    http-response set-header X-Served-By %[srv_name]' : '',
  SERVERS: positionals.map((server, index) => `    server s${index + 1} ${server}`).join('\n'),
}
const config = template
  // The template's own header says how to fill it; the output says where it came from instead.
  .replace(
    /^(#[^\n]*\n)+\n/,
    '# Made by deploy/haproxy-config.mjs from deploy/haproxy.cfg: edit those, not this.\n\n',
  )
  .replace(/^\{\{(SERVED_BY|PRIVILEGES)\}\}\n/gm, (_, name) => (fields[name] ? `${fields[name]}\n` : ''))
  .replace(/\{\{(\w+)\}\}/g, (_, name) => fields[name])
process.stdout.write(config)
