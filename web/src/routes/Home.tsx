import { Link, Navigate } from 'react-router'
import { ArrowRight, CalendarClock, Flame, ImageIcon, Rss, Share2, Sparkles } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { PostGrid } from '@/components/PostGrid'
import { SectionHeading } from '@/components/SectionHeading'
import { SignupFields } from '@/components/auth/SignupForm'
import { AFTER_SIGNUP, useSignedUp } from '@/components/auth/useSignedUp'
import { useCategories, usePosts } from '@/hooks/usePublic'
import { useMe } from '@/hooks/useMe'
import { usePageMeta } from '@/hooks/usePageMeta'
import { HOME_LATEST, HOME_TRENDING, PRODUCT_NAME, SUBTAGLINE, TAGLINE } from '@/lib/constants'
import { categoryGradient, readableOn, safeHex } from '@/lib/color'
import type { Category } from '@/api/types'

const BENEFITS = [
  {
    icon: Share2,
    title: 'Ready to share',
    text: 'Every post comes with artwork, hashtags and one-click sharing to Facebook, X and LinkedIn.',
  },
  {
    icon: ImageIcon,
    title: 'Banner ad spaces',
    text: 'Up to three banner slots per post let affiliate marketers and businesses monetise every read.',
  },
  {
    icon: Rss,
    title: 'RSS for every category',
    text: 'Plug category feeds straight into your social scheduler and keep your channels busy on autopilot.',
  },
  {
    icon: CalendarClock,
    title: 'Always fresh',
    text: 'New articles on marketing, keto, fitness and tech land every week — practical, skimmable, current.',
  },
]

function CategoryCard({ category }: { category: Category }) {
  const fg = readableOn(safeHex(category.colorHex))
  return (
    <Link
      to={`/${category.slug}`}
      className="group relative flex min-h-44 flex-col justify-end overflow-hidden rounded-2xl p-6 shadow-md transition duration-200 hover:-translate-y-1 hover:shadow-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
      style={{ background: categoryGradient(category.gradient, category.colorHex), color: fg }}
    >
      <span className="pointer-events-none absolute -right-8 -top-8 size-32 rounded-full bg-white/15 transition group-hover:scale-110" aria-hidden="true" />
      <span className="text-xs font-semibold uppercase tracking-wider opacity-85">
        {category.postCount} {category.postCount === 1 ? 'post' : 'posts'}
      </span>
      <span className="mt-1 text-2xl font-extrabold tracking-tight">{category.name}</span>
      {category.description && <span className="mt-1 line-clamp-2 text-sm opacity-90">{category.description}</span>}
      <span className="mt-3 inline-flex items-center gap-1 text-sm font-semibold">
        Explore <ArrowRight className="size-4 transition group-hover:translate-x-1" aria-hidden="true" />
      </span>
    </Link>
  )
}

/**
 * The home page's sign-up block: the sign-up form in place (the account is created here and the visitor
 * goes on to the setup wizard, as from /signup); a signed-in reader gets a link to their desk instead.
 */
function SignupBlock() {
  const { state } = useMe()
  const [done, onSignedUp] = useSignedUp()
  if (done) return <Navigate to={AFTER_SIGNUP} replace />
  const signedIn = state === 'owner' || state === 'admin'
  return (
    <section aria-labelledby="cta-title" className="container-page py-20">
      <div className="grid items-start gap-10 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 lg:grid-cols-[1fr_1.15fr] lg:gap-12 lg:p-12">
        <div className="lg:pt-2">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">For creators and businesses</p>
          <h2 id="cta-title" className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Launch your own AI-powered blog
          </h2>
          <p className="mt-3 max-w-xl text-slate-600">
            AI-written posts with matching images, your own hosted blog, RSS feeds for your social scheduler and banner ad
            spaces. Beta launch: 50% off, a 14-day free trial with 10 posts included — no credit card.
          </p>
          <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
            <Link to="/landing" className="inline-flex items-center gap-1 font-semibold text-brand-600 hover:underline">
              See features and pricing <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            {!signedIn && (
              <span className="text-slate-600">
                Already have an account?{' '}
                <Link to="/login" className="font-semibold text-brand-600 hover:underline">
                  Log in
                </Link>
              </span>
            )}
          </div>
        </div>
        {signedIn ? (
          <div className="flex flex-col items-start gap-3 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 lg:mt-2">
            <p className="font-semibold text-slate-900">You are signed in.</p>
            <Button asChild size="lg">
              <Link to={state === 'admin' ? '/admin/dashboard' : '/dashboard'}>
                Go to your dashboard <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        ) : (
          <div className="rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200 sm:p-7">
            <h3 className="mb-5 text-lg font-bold text-slate-900">Create your free blog</h3>
            <SignupFields idPrefix="home-signup" columns onSignedUp={onSignedUp} />
          </div>
        )}
      </div>
    </section>
  )
}

export function Home() {
  usePageMeta(PRODUCT_NAME, `${TAGLINE}. ${SUBTAGLINE}`)
  const categories = useCategories()
  const trending = usePosts({ sort: 'trending', limit: HOME_TRENDING })
  const latest = usePosts({ sort: 'latest', limit: HOME_LATEST })

  return (
    <>
      {/* Hero */}
      <section className="relative overflow-hidden bg-slate-950 text-white">
        <div
          className="pointer-events-none absolute inset-0 opacity-60"
          aria-hidden="true"
          style={{
            background:
              'radial-gradient(60% 60% at 15% 10%, rgba(99,102,241,.55), transparent 60%), radial-gradient(50% 50% at 90% 30%, rgba(217,70,239,.35), transparent 60%), radial-gradient(40% 50% at 50% 110%, rgba(14,165,233,.35), transparent 60%)',
          }}
        />
        <div className="container-page relative py-20 sm:py-28 lg:py-32">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-brand-100 ring-1 ring-white/20">
            <Sparkles className="size-3.5" aria-hidden="true" /> Marketing · Keto · Fitness · Tech
          </p>
          <h1 className="mt-6 max-w-4xl text-4xl font-extrabold leading-[1.08] tracking-tight sm:text-6xl lg:text-7xl">
            {TAGLINE}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-300 sm:text-xl">{SUBTAGLINE}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Button asChild size="lg" className="bg-white text-slate-900 hover:bg-brand-50 hover:brightness-100">
              <Link to="/posts">
                Read the latest <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="border-white/30 bg-white/5 text-white hover:bg-white/15 hover:border-white/50">
              <Link to="/landing">Start your own blog</Link>
            </Button>
          </div>
        </div>
      </section>

      {/* Benefits */}
      <section aria-labelledby="benefits-title" className="container-page -mt-10 relative z-10">
        <h2 id="benefits-title" className="sr-only">
          Why readers and creators choose {PRODUCT_NAME}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-bold text-slate-900">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* Categories */}
      {(categories.isLoading || (categories.data?.length ?? 0) > 0) && (
        <section aria-labelledby="categories-title" className="container-page pt-20">
          <SectionHeading id="categories-title" eyebrow="Browse by topic" title="CATEGORIES" />
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {categories.isLoading
              ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-44 rounded-2xl" />)
              : categories.data?.map((c) => <CategoryCard key={c.slug} category={c} />)}
          </div>
        </section>
      )}

      {/* Trending */}
      <section aria-labelledby="trending-title" className="container-page pt-20">
        <SectionHeading
          id="trending-title"
          eyebrow="Most read this week"
          title="TRENDING NOW"
          action={<Flame className="size-7 text-orange-500" aria-hidden="true" />}
        />
        <PostGrid
          posts={trending.data?.posts}
          loading={trending.isLoading}
          skeletons={HOME_TRENDING}
          columns={4}
          empty="No posts yet. Check back soon!"
        />
      </section>

      {/* Latest */}
      <section aria-labelledby="latest-title" className="container-page pt-20">
        <SectionHeading
          id="latest-title"
          eyebrow="Fresh off the press"
          title="LATEST POSTS"
          action={
            <Button asChild variant="outline">
              <Link to="/posts">
                View all posts <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          }
        />
        <PostGrid
          posts={latest.data?.posts}
          loading={latest.isLoading}
          skeletons={HOME_LATEST}
          empty="No posts yet. Check back soon!"
        />
      </section>

      <SignupBlock />
    </>
  )
}
