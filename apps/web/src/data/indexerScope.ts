import { createElement, useSyncExternalStore } from 'react'
import type { ComponentType, ReactNode } from 'react'

// Where the pages get urql's Provider from without loading urql: the first page with an indexed list opens the
// scope (data/indexer.ts), so the home page's first load carries no GraphQL client, parser or React bindings.

type Scope = ComponentType<{ children: ReactNode }>

let scope: Scope | undefined
let opening: Promise<void> | undefined
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * From now on, renders the pages inside `wrapper` (the first wrapper stays). Resolves once it is in place; a page
 * that waits for it (React's `use`) then mounts again inside the wrapper. The switch happens after the current
 * render, never during it.
 */
export function openIndexerScope(wrapper: Scope): Promise<void> {
  opening ??= Promise.resolve().then(() => {
    scope = wrapper
    for (const listener of listeners) listener()
  })
  return opening
}

/**
 * Wraps the pages (AppShell's outlet) in the scope data/indexer.ts opens with the first indexed list: until then it
 * renders them as they are. Opening it mounts the page below once more, the page that asked for it.
 */
export function IndexerScope({ children }: { children: ReactNode }) {
  const Wrapper = useSyncExternalStore(subscribe, () => scope)
  return Wrapper ? createElement(Wrapper, null, children) : children
}
