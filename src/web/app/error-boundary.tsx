import { Component, type ReactNode } from 'react'

interface Props {
  fallbackRender: (props: { error: Error }) => ReactNode
  /** When any of these changes (the path, say), a caught error is forgotten and the children drawn again. */
  resetKeys?: readonly unknown[]
  children?: ReactNode
}
interface State {
  error: Error | null
  keys?: readonly unknown[]
}

/**
 * The part of react-error-boundary the app used, written out: it is in the first download, which is
 * at its budget (bench/pages.ts), and this is a third of the library's size.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, keys: this.props.resetKeys }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    const changed = props.resetKeys?.some((key, i) => !Object.is(key, state.keys?.[i]))
    return changed ? { error: null, keys: props.resetKeys } : null
  }

  override render() {
    return this.state.error ? this.props.fallbackRender({ error: this.state.error }) : this.props.children
  }
}
