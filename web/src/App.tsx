import { Suspense, useMemo, type ReactNode } from 'react'
import { BrowserRouter, Navigate, Route, Routes } from 'react-router'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { LazyToaster } from '@/components/LazyToaster'
import { createQueryClient } from '@/lib/queryClient'
import { Shell } from '@/components/Shell'
import { BlogShell } from '@/components/blog/BlogShell'
import { PageLoading } from '@/components/PageLoading'
import { SiteHome } from '@/routes/HomePaged'
import { Posts } from '@/routes/Posts'
import { About } from '@/routes/About'
import { Landing } from '@/routes/Landing'
import { CategoryPage } from '@/routes/CategoryPage'
import { BlogHome } from '@/routes/BlogHome'
import { BlogCategory } from '@/routes/BlogCategory'
import { PostPage } from '@/routes/PostPage'
import { AuthorPage } from '@/routes/AuthorPage'
import { PreviewPage } from '@/routes/PreviewPage'
import { TagPage } from '@/routes/TagPage'
import { SearchPage } from '@/routes/SearchPage'
import { Login } from '@/routes/Login'
import { Signup } from '@/routes/Signup'
import { AdminLogin } from '@/routes/AdminLogin'
import { AdminSignup } from '@/routes/AdminSignup'
import { ForgotPassword } from '@/routes/ForgotPassword'
import { ResetPassword } from '@/routes/ResetPassword'
import { ConfirmEmail, VerifyEmail } from '@/routes/TokenLinkPage'
import { NotFound } from '@/routes/NotFound'
import { FeedRedirect, SitemapRedirect } from '@/routes/ServerRedirect'
import { ConfirmPage, UnsubscribePage } from '@/features/newsletter/SubscriptionPage'
import { useSite } from '@/hooks/usePublic'
import { headRootBlog, RootBlogContext, useRootBlog } from '@/lib/rootBlog'
import { lazyPage } from '@/lib/lazyPage'
import { ROUTES } from '@/api/shared.gen'

// Owner and admin pages load on demand so the public pages stay light.
const Onboarding = lazyPage(() => import('@/features/onboarding/Onboarding'))
const Dashboard = lazyPage(() => import('@/routes/owner/Dashboard'))
const MyPosts = lazyPage(() => import('@/routes/owner/MyPosts'))
const AllPosts = lazyPage(() => import('@/routes/owner/AllPosts'))
const OwnerSchedule = lazyPage(() => import('@/routes/owner/Schedule'))
const OwnerCategories = lazyPage(() => import('@/routes/owner/Categories'))
const OwnerMediaLibrary = lazyPage(() => import('@/routes/owner/MediaLibrary'))
const OwnerSettings = lazyPage(() => import('@/routes/owner/Settings'))
const OwnerSubscribers = lazyPage(() => import('@/routes/owner/Subscribers'))
const PostEditor = lazyPage(() => import('@/routes/owner/PostEditor'))
const AdminDashboard = lazyPage(() => import('@/routes/admin/AdminDashboard'))
const AdminUsers = lazyPage(() => import('@/routes/admin/AdminUsers'))
const AdminSchedule = lazyPage(() => import('@/routes/admin/AdminSchedule'))
const AdminCategories = lazyPage(() => import('@/routes/admin/AdminCategories'))
const AdminMediaLibrary = lazyPage(() => import('@/routes/admin/AdminMediaLibrary'))
const AdminAllPosts = lazyPage(() => import('@/routes/admin/AdminAllPosts'))
const AdminSubscribers = lazyPage(() => import('@/routes/admin/AdminSubscribers'))

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>
}

/** The site's page at a root route, or the root blog's on a workspace's custom domain. */
function AtRoot({ site, blog }: { site: ReactNode; blog: ReactNode }) {
  return <>{useRootBlog() ? blog : site}</>
}

/** The frame of the root routes: the platform's (with the newsletter card), or the root blog's own on its custom domain. */
function RootShell({ newsletter = true }: { newsletter?: boolean }) {
  return useRootBlog() ? <BlogShell /> : <Shell newsletter={newsletter} />
}

/**
 * Route table. Fixed paths (/posts, /about, /landing, /confirm, /unsubscribe, /login, /signup, /onboarding, /dashboard/*,
 * /admin/*, /blog/*) always outrank the catch-all /:category and /:category/:slug. On a workspace's custom
 * domain (/api/site answers `blog`), "/", "/:category" and "/:category/:slug" are that blog's pages.
 */
export function AppRoutes() {
  const fromApi = useSite().data?.blog
  // The server names the root blog in the head on a custom domain, so the first render is right.
  const blog = headRootBlog() ?? fromApi
  const rootBlog = useMemo(() => (blog ? { slug: blog } : null), [blog])
  return (
    <RootBlogContext.Provider value={rootBlog}>
      <Routes>
        {/* Feeds and sitemap are produced by the server; in-app navigation to them reloads. */}
        <Route path={ROUTES.feed} element={<FeedRedirect />} />
        <Route path={ROUTES.sitemap} element={<SitemapRedirect />} />
        <Route path={ROUTES.blogFeed} element={<FeedRedirect />} />
        <Route path={ROUTES.categoryFeed} element={<FeedRedirect />} />
        <Route path={ROUTES.tagFeed} element={<FeedRedirect />} />
        <Route path={ROUTES.blogTagFeed} element={<FeedRedirect />} />

        {/* The site's public pages: the platform's frame with the newsletter card */}
        <Route element={<Shell newsletter />}>
          <Route path={ROUTES.posts} element={<Posts />} />
          <Route path={ROUTES.about} element={<About />} />
          <Route path={ROUTES.landing} element={<Landing />} />
        </Route>

        {/* The blog at this host's root: the site's blog in the platform's frame, or on a custom domain that blog in its own */}
        <Route element={<RootShell />}>
          <Route index element={<AtRoot site={<SiteHome />} blog={<BlogHome />} />} />
          {/* Reader navigation: tag pages, search and authors (their segments are never categories) */}
          <Route path={ROUTES.tag} element={<TagPage />} />
          <Route path={ROUTES.search} element={<SearchPage />} />
          <Route path={ROUTES.author} element={<AuthorPage />} />
          {/* A newsletter e-mail's links (never categories) */}
          <Route path={ROUTES.confirm} element={<ConfirmPage />} />
          <Route path={ROUTES.unsubscribe} element={<UnsubscribePage />} />
          <Route path={ROUTES.category} element={<AtRoot site={<CategoryPage />} blog={<BlogCategory />} />} />
          <Route path={ROUTES.post} element={<PostPage />} />
        </Route>

        {/* A workspace's blog in its own frame: every page of a blog nests here (search, tags, authors too) */}
        <Route path={ROUTES.blog} element={<BlogShell />}>
          <Route index element={<BlogHome />} />
          <Route path={ROUTES.blogTag} element={<TagPage />} />
          <Route path={ROUTES.blogSearch} element={<SearchPage />} />
          <Route path={ROUTES.blogAuthor} element={<AuthorPage />} />
          <Route path={ROUTES.blogConfirm} element={<ConfirmPage />} />
          <Route path={ROUTES.blogUnsubscribe} element={<UnsubscribePage />} />
          <Route path={ROUTES.blogCategory} element={<BlogCategory />} />
          <Route path={ROUTES.blogPost} element={<PostPage />} />
        </Route>

        {/* A preview wears the frame of its post's blog (chosen once the post is read) */}
        <Route path={ROUTES.preview} element={<PreviewPage />} />

        {/* Auth, owner and admin pages */}
        <Route element={<Shell />}>
          <Route path={ROUTES.login} element={<Login />} />
          <Route path={ROUTES.signup} element={<Signup />} />
          <Route path={ROUTES.adminLogin} element={<AdminLogin />} />
          <Route path={ROUTES.adminSignup} element={<AdminSignup />} />
          <Route path={ROUTES.forgotPassword} element={<ForgotPassword />} />
          <Route path={ROUTES.resetPassword} element={<ResetPassword />} />
          <Route path={ROUTES.verifyEmail} element={<VerifyEmail />} />
          <Route path={ROUTES.confirmEmail} element={<ConfirmEmail />} />

          <Route path={ROUTES.onboarding} element={<Lazy><Onboarding /></Lazy>} />
          <Route path={ROUTES.dashboard} element={<Lazy><Dashboard /></Lazy>} />
          <Route path={ROUTES.dashboardPosts} element={<Lazy><MyPosts /></Lazy>} />
          <Route path={ROUTES.newPost} element={<Lazy><PostEditor /></Lazy>} />
          <Route path={ROUTES.editPost} element={<Lazy><PostEditor /></Lazy>} />
          <Route path={ROUTES.dashboardAllPosts} element={<Lazy><AllPosts /></Lazy>} />
          <Route path={ROUTES.dashboardSchedule} element={<Lazy><OwnerSchedule /></Lazy>} />
          <Route path={ROUTES.dashboardCategories} element={<Lazy><OwnerCategories /></Lazy>} />
          <Route path={ROUTES.dashboardMedia} element={<Lazy><OwnerMediaLibrary /></Lazy>} />
          <Route path={ROUTES.dashboardSettings} element={<Lazy><OwnerSettings /></Lazy>} />
          <Route path={ROUTES.dashboardSubscribers} element={<Lazy><OwnerSubscribers /></Lazy>} />
          <Route path={ROUTES.admin} element={<Navigate to={ROUTES.adminDashboard} replace />} />
          <Route path={ROUTES.adminDashboard} element={<Lazy><AdminDashboard /></Lazy>} />
          <Route path={ROUTES.adminUsers} element={<Lazy><AdminUsers /></Lazy>} />
          <Route path={ROUTES.adminSchedule} element={<Lazy><AdminSchedule /></Lazy>} />
          <Route path={ROUTES.adminCategories} element={<Lazy><AdminCategories /></Lazy>} />
          <Route path={ROUTES.adminMediaLibrary} element={<Lazy><AdminMediaLibrary /></Lazy>} />
          <Route path={ROUTES.adminAllPosts} element={<Lazy><AdminAllPosts /></Lazy>} />
          <Route path={ROUTES.adminSubscribers} element={<Lazy><AdminSubscribers /></Lazy>} />

          {/* Reserved prefixes never fall through to /:category/:slug */}
          <Route path={ROUTES.blogIndex} element={<NotFound />} />
          <Route path={ROUTES.blogRest} element={<NotFound />} />
          <Route path={ROUTES.dashboardRest} element={<NotFound />} />
          <Route path={ROUTES.adminRest} element={<NotFound />} />
        </Route>
        {/* Unknown addresses: on a custom domain, in the blog's frame */}
        <Route element={<RootShell newsletter={false} />}>
          <Route path={ROUTES.notFound} element={<NotFound />} />
        </Route>
      </Routes>
    </RootBlogContext.Provider>
  )
}

export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const queryClient = client ?? defaultClient
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Bottom right (full width at the bottom on phones): never over the top bar's buttons. */}
      <LazyToaster richColors closeButton position="bottom-right" offset={24} mobileOffset={16} toastOptions={{ duration: 5000 }} />
    </QueryClientProvider>
  )
}

const defaultClient = createQueryClient()

export default function App({ client }: { client?: QueryClient }) {
  return (
    <AppProviders client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  )
}
