import { act } from '@testing-library/react'
import { type ReactNode, Suspense, use, useState } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { useForm } from 'react-hook-form'
import { afterEach, describe, expect, it } from 'vitest'
import { adoptEarlyTyping } from './early-events.ts'

/**
 * Fields drawn by the server, typed into before the app started, then hydrated: the app must end up
 * with what the visitor typed, whatever kind of field and however the form keeps its state.
 */
interface Sent {
  name?: string
  size?: string
  terms?: boolean
  email?: string
  note?: string
  time?: string
}

/** Controlled fields, as the newsletter form and the search boxes are. */
function Controlled({ onSend }: { onSend: (sent: Sent) => void }) {
  const [name, setName] = useState('')
  const [size, setSize] = useState('m')
  const [terms, setTerms] = useState(false)
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSend({ name, size, terms })
      }}
    >
      <input id="name" value={name} onChange={(event) => setName(event.target.value)} />
      <select id="size" value={size} onChange={(event) => setSize(event.target.value)}>
        <option value="s">S</option>
        <option value="m">M</option>
        <option value="l">L</option>
      </select>
      <input
        id="terms"
        type="checkbox"
        checked={terms}
        onChange={(event) => setTerms(event.target.checked)}
      />
      <button type="submit">Send</button>
    </form>
  )
}

/** react-hook-form's uncontrolled fields, as the contact and checkout forms are. */
function Registered({ onSend }: { onSend: (sent: Sent) => void }) {
  const { register, handleSubmit } = useForm({
    defaultValues: { email: '', note: 'As drawn', time: 'morning' },
  })
  return (
    <form onSubmit={handleSubmit(onSend)}>
      <input id="email" type="email" {...register('email')} />
      <textarea id="note" {...register('note')} />
      <input id="morning" type="radio" value="morning" {...register('time')} />
      <input id="evening" type="radio" value="evening" {...register('time')} />
      <button type="submit">Send</button>
    </form>
  )
}

/**
 * A page's content, inside a `<Suspense>` boundary as every page's is: React hydrates it after the
 * rest, and here only once `contentReady` has settled.
 */
function Page({ onSend, contentReady }: { onSend: (sent: Sent) => void; contentReady?: Promise<void> }) {
  return (
    <Suspense>
      <Content ready={contentReady}>
        <Controlled onSend={onSend} />
        <Registered onSend={onSend} />
      </Content>
    </Suspense>
  )
}

function Content({ ready, children }: { ready?: Promise<void>; children: ReactNode }) {
  if (ready) use(ready)
  return children
}

type Typed = Map<Element, string | boolean | boolean[]>
const earlyWindow = window as Window & { earlyEvents?: { replay(): void; typed: Typed } }
let root: Root | undefined
let container: HTMLElement | undefined

afterEach(() => {
  act(() => root?.unmount())
  container?.remove()
  earlyWindow.earlyEvents = undefined
})

const field = <T extends Element = HTMLInputElement>(id: string) =>
  document.getElementById(id) as unknown as T

/** The server's HTML, typed into as a visitor would before the app starts, noted as the early script notes it. */
function serverPageTypedInto(onSend: (sent: Sent) => void): Typed {
  container = document.createElement('div')
  container.innerHTML = renderToString(<Page onSend={onSend} />)
  document.body.append(container)
  const typed: Typed = new Map()
  // First, while the app has drawn nothing over it: the box still shows the tick it had.
  field('terms').checked = true
  typed.set(field('terms'), true)
  field('name').value = 'Layla'
  typed.set(field('name'), 'Layla')
  field<HTMLSelectElement>('size').value = 'l'
  typed.set(field('size'), [false, false, true])
  field('email').value = 'layla@example.bh'
  typed.set(field('email'), 'layla@example.bh')
  field<HTMLTextAreaElement>('note').value = 'Near the pool, please'
  typed.set(field('note'), 'Near the pool, please')
  field('morning').checked = false
  field('evening').checked = true
  typed.set(field('morning'), false)
  typed.set(field('evening'), true)
  earlyWindow.earlyEvents = { replay() {}, typed }
  return typed
}

async function hydrate(onSend: (sent: Sent) => void, contentReady?: Promise<void>) {
  await act(async () => {
    root = hydrateRoot(container as HTMLElement, <Page onSend={onSend} contentReady={contentReady} />)
  })
}

/** Submits both forms; what they sent, as one. */
async function send(sent: Sent[]): Promise<Sent> {
  for (const button of container?.querySelectorAll('button') ?? []) {
    await act(async () => button.click())
  }
  return Object.assign({}, ...sent)
}

describe('typing done before the app started', () => {
  it('is what every kind of field holds, and sends, once the app has adopted it', async () => {
    const sent: Sent[] = []
    const typed = serverPageTypedInto((values) => sent.push(values))
    await hydrate((values) => sent.push(values))
    await act(async () => adoptEarlyTyping())
    expect(typed.size).toBe(0)
    expect(field('name').value).toBe('Layla')
    expect(field<HTMLSelectElement>('size').value).toBe('l')
    expect(field('email').value).toBe('layla@example.bh')
    expect(field<HTMLTextAreaElement>('note').value).toBe('Near the pool, please')
    expect(field('terms').checked).toBe(true)
    expect(field('evening').checked).toBe(true)
    expect(await send(sent)).toEqual({
      name: 'Layla',
      size: 'l',
      terms: true,
      email: 'layla@example.bh',
      note: 'Near the pool, please',
      time: 'evening',
    })
  })

  it('is lost to the app without the adoption: hydration leaves its state at what the server drew', async () => {
    const sent: Sent[] = []
    serverPageTypedInto((values) => sent.push(values))
    await hydrate((values) => sent.push(values))
    // The fields still show the typing; the forms' state is what the server drew (react-hook-form
    // reads some of its fields' text as it registers them, but not which radio is checked).
    expect(field('name').value).toBe('Layla')
    expect(await send(sent)).toMatchObject({ name: '', size: 'm', terms: false, time: 'morning' })
  })

  it('reaches fields in a part of the page React has not hydrated yet', async () => {
    const sent: Sent[] = []
    serverPageTypedInto((values) => sent.push(values))
    let showContent = () => {}
    const contentReady = new Promise<void>((resolve) => {
      showContent = resolve
    })
    // The app has started, and its content is still the server's HTML when the fields are adopted.
    await hydrate((values) => sent.push(values), contentReady)
    await act(async () => {
      showContent()
      await contentReady
      await adoptEarlyTyping()
    })
    expect(await send(sent)).toEqual({
      name: 'Layla',
      size: 'l',
      terms: true,
      email: 'layla@example.bh',
      note: 'Near the pool, please',
      time: 'evening',
    })
  })

  it('finds a field the app drew anew by its id', async () => {
    const sent: Sent[] = []
    const typed = serverPageTypedInto((values) => sent.push(values))
    const stale = document.createElement('input')
    stale.id = 'name'
    typed.delete(field('name'))
    typed.set(stale, 'Layla')
    await hydrate((values) => sent.push(values))
    await act(async () => adoptEarlyTyping())
    expect((await send(sent)).name).toBe('Layla')
  })

  it('waits for React to hydrate a part of the page it cannot hydrate at once', async () => {
    const sent: Sent[] = []
    serverPageTypedInto((values) => sent.push(values))
    let showContent = () => {}
    const contentReady = new Promise<void>((resolve) => {
      showContent = resolve
    })
    await hydrate((values) => sent.push(values), contentReady)
    let adopted: Promise<void> = Promise.resolve()
    // The content's code is not there yet: React stops the events aimed at it.
    await act(async () => {
      adopted = adoptEarlyTyping()
    })
    await act(async () => {
      showContent()
      await contentReady
    })
    await act(async () => {
      await adopted
    })
    expect(await send(sent)).toEqual({
      name: 'Layla',
      size: 'l',
      terms: true,
      email: 'layla@example.bh',
      note: 'Near the pool, please',
      time: 'evening',
    })
  })

  it('does nothing when the page was not drawn with the early script', async () => {
    await expect(adoptEarlyTyping()).resolves.toBeUndefined()
  })
})
