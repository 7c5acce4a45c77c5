import * as React from 'react'
import * as ReactDOMClient from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { options } from 'preact'
import * as compat from 'preact/compat'
import * as compatClient from 'preact/compat/client'
import { render, screen } from '@testing-library/react'
import { MemoryRouter, Router, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'

// The components are tested on the runtime that ships (Preact 11 through preact/compat): the app's own imports
// are aliased (build/preact.ts), and the packages Node loads itself (Testing Library, the router, ...) find the
// react and react-dom shims of build/ under those names. If React came back, these fail.
describe('test runtime', () => {
  it('resolves react and react-dom to preact/compat', () => {
    expect(React.useState).toBe(compat.useState)
    expect(React.Component).toBe(compat.Component)
    expect(ReactDOMClient.createRoot).toBe(compatClient.createRoot)
    expect(renderToString(<p className="x">hi</p>)).toBe('<p class="x">hi</p>')
  })

  it('renders through Preact in Testing Library, with the router’s own elements', () => {
    const seen: unknown[] = []
    const previous = options.vnode
    options.vnode = (vnode) => {
      seen.push(vnode.type)
      previous?.(vnode)
    }
    function Where() {
      return <p>at {useLocation().pathname}</p>
    }
    try {
      render(
        <MemoryRouter initialEntries={['/here']}>
          <Where />
        </MemoryRouter>,
      )
    } finally {
      options.vnode = previous
    }
    expect(screen.getByText('at /here')).toBeInTheDocument()
    expect(seen).toContain(Where)
    // Made by react-router's own createElement (MemoryRouter renders a Router): the package Node loaded got Preact.
    expect(seen).toContain(Router)
  })
})
