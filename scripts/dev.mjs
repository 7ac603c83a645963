// `npm run dev`: the API with reload on change, and Vite's dev server with hot reload in front of it.
import { spawn } from 'node:child_process'

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? './dist/web-dev-unused',
      // The pages are Vite's: links the server makes (mails, the payment pages' way back) go there.
      PUBLIC_URL: process.env.PUBLIC_URL || 'http://localhost:5173',
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children)
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
