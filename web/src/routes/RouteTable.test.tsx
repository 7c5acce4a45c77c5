import { describe, expect, it } from 'vitest'
import { isValidElement, type ReactElement, type ReactNode } from 'react'
import { createRoutesFromChildren, matchRoutes, type RouteObject } from 'react-router'
import { AppRoutes } from '@/App'
import { ROUTES, SCREENS } from '@/api/shared.gen'
import { json, mockFetch, renderWithProviders, visitor } from '@/test/utils'

/** The router's <Route> tree, as AppRoutes renders it. */
function routeTree(): RouteObject[] {
  const captured: ReactElement[] = []
  function Capture() {
    captured.push(AppRoutes())
    return null
  }
  mockFetch({ 'GET /api/auth/me': json(visitor) })
  renderWithProviders(<Capture />)
  // RootBlogContext.Provider > Routes > the routes
  const tree = captured[0] as ReactElement<{ children: ReactElement<{ children: ReactNode }> }>
  const routes = tree.props.children
  expect(isValidElement(routes)).toBe(true)
  return createRoutesFromChildren(routes.props.children)
}

/** The full path of every route that renders a page (an index route is its parent's path). */
function leafPaths(routes: RouteObject[], parent = '/'): string[] {
  return routes.flatMap((r) => {
    const path = r.index ? parent : r.path === undefined ? parent : r.path.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path}`
    return r.children?.length ? leafPaths(r.children, path) : [path]
  })
}

describe('the route table (server/frontend.Routes, generated)', () => {
  it('is exactly what the router declares: a route added on one side only fails', () => {
    const declared = leafPaths(routeTree())
    expect(new Set(declared).size).toBe(declared.length)
    expect([...declared].sort()).toEqual([...Object.values(ROUTES)].sort())
  })

  it('sends each screen to the route of its own name', () => {
    const routes = routeTree()
    const sample = (path: string) => path.replace(/:id\b/, '42').replace(/:[a-z]+/g, 'x').replace(/\*$/, 'x/y')
    for (const name of SCREENS) {
      const matched = matchRoutes(routes, sample(ROUTES[name]))
      expect(matched?.at(-1)?.route.path, name).toBe(ROUTES[name])
    }
  })

  it('routes a reserved prefix to the 404 page, never to a category or a post', () => {
    const routes = routeTree()
    for (const [path, want] of [
      ['/dashboard/nope', ROUTES.dashboardRest],
      ['/admin/nope/deeper', ROUTES.adminRest],
      ['/blog', ROUTES.blogIndex],
      ['/keto/fat-first', ROUTES.post],
      ['/a/b/c', ROUTES.notFound],
    ]) {
      expect(matchRoutes(routes, path)?.at(-1)?.route.path, path).toBe(want)
    }
  })
})
