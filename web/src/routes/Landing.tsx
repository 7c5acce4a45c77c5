import { Link } from 'react-router'
import {
  Bot,
  Check,
  ImageIcon,
  LayoutTemplate,
  Megaphone,
  Rss,
  Search,
  Share2,
  Sparkles,
  X as XMark,
} from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { ErrorBlock } from '@/components/ErrorBlock'
import { QueryState } from '@/components/ui/query-state'
import { usePlans } from '@/hooks/usePublic'
import { usePageMeta } from '@/hooks/usePageMeta'
import type { Plan } from '@/api/types'
import { PRODUCT_NAME } from '@/lib/constants'
import { planLines } from '@/lib/plans'
import { cn } from '@/lib/utils'

const FEATURES = [
  { icon: Bot, title: 'AI-written posts', text: 'Give a topic or a title, pick tone and length, and get a structured, SEO-ready article in minutes.' },
  { icon: ImageIcon, title: 'AI images', text: 'Every post can come with a matching featured image — or use your own upload or media library.' },
  { icon: Rss, title: 'RSS feeds that syndicate', text: 'Feeds for the whole blog and each category, with full content and images, ready for social schedulers.' },
  { icon: Megaphone, title: 'Banner ad spaces', text: 'Place up to three banner ads inside each post to promote offers, affiliates or your own products.' },
  { icon: LayoutTemplate, title: 'Templates and branding', text: 'Choose Modern, Classic or Minimal, set your colour and font, and your blog looks like yours.' },
  { icon: Search, title: 'SEO built in', text: 'Meta titles and descriptions, canonical URLs, social previews, sitemaps and structured data out of the box.' },
]

const PROBLEMS = [
  'Writing a quality post takes hours you do not have',
  'Stock photos make every brand look the same',
  'Social channels go quiet when you get busy',
  'Hosting, themes and SEO plug-ins eat your weekends',
]
const SOLUTIONS = [
  'Generate a full article from a topic in minutes',
  'Matching AI artwork for every post',
  'RSS feeds keep your scheduler stocked automatically',
  'A hosted, fast, search-friendly blog from day one',
]

const STEPS = [
  { title: 'Create your blog', text: 'Sign up, name your blog, pick categories, a colour scheme and a font. It takes about two minutes.' },
  { title: 'Generate posts', text: 'Enter a topic or a title, choose tone and length, add keywords and banner ads, and hit generate.' },
  { title: 'Share everywhere', text: 'Publish instantly, connect your RSS feed to your scheduler and share to Facebook, X and LinkedIn.' },
]

const FAQ = [
  {
    q: 'Do I need a credit card for the free trial?',
    a: 'No. The 14-day free trial includes 10 posts and 10 AI images, and you do not need a credit card to start.',
  },
  {
    q: 'Who owns the content I generate?',
    a: 'You do. Posts and images generated in your workspace are yours to publish, edit and share wherever you like.',
  },
  {
    q: 'Can I edit the AI-written posts?',
    a: 'Yes. Every post can be edited after generation — change the title, rewrite paragraphs or adjust the tags.',
  },
  {
    q: 'How do RSS feeds help with social media?',
    a: 'Social schedulers can watch an RSS feed and post new articles automatically. Each blog and each category has its own feed.',
  },
  {
    q: 'What happens when the beta ends?',
    a: 'Beta subscribers keep their 50% discount for as long as they stay subscribed. You can change or cancel your plan at any time.',
  },
]

function money(n: number): string {
  return Number.isInteger(n) ? `$${n}` : `$${n.toFixed(2)}`
}

function PlanCard({ plan, featured }: { plan: Plan; featured: boolean }) {
  return (
    <article
      className={cn(
        'relative flex flex-col rounded-3xl border bg-white p-7 shadow-sm',
        featured ? 'border-brand-500 shadow-xl shadow-brand-500/15 ring-1 ring-brand-500' : 'border-slate-200',
      )}
    >
      {featured && <Badge className="absolute -top-3 left-7">Most popular</Badge>}
      <h3 className="text-lg font-bold text-slate-900">{plan.name}</h3>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{money(plan.betaPrice)}</span>
        <span className="text-sm text-slate-500">/month</span>
      </p>
      <p className="mt-1 text-sm text-slate-500">
        <span className="sr-only">Regular price </span>
        <s>{money(plan.regularPrice)}/month</s>
        <span className="ml-2 font-semibold text-emerald-700">Beta price</span>
      </p>
      <ul className="mt-6 space-y-2.5 text-sm text-slate-700">
        {planLines(plan).map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {f}
          </li>
        ))}
      </ul>
      <Button asChild className="mt-8" variant={featured ? 'default' : 'outline'} size="lg">
        <Link to="/signup">Start free trial</Link>
      </Button>
    </article>
  )
}

function Pricing() {
  const plans = usePlans()
  const list = (plans.data?.plans ?? []).filter((p) => p.id !== 'admin')
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="container-page py-20">
      <div className="mx-auto max-w-2xl text-center">
        <Badge variant="success">Beta launch: 50% off</Badge>
        <h2 id="pricing-title" className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Simple pricing
        </h2>
        <p className="mt-3 text-slate-600">
          {plans.data
            ? `${plans.data.trialDays}-day free trial · ${plans.data.trialPosts} posts included · No credit card required`
            : '14-day free trial · 10 posts included · No credit card required'}
        </p>
      </div>
      <div className="mt-12 grid gap-6 lg:grid-cols-3">
        <QueryState
          query={plans}
          loading={Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-[28rem] rounded-3xl" />)}
          error={(error, retry) => (
            <div className="lg:col-span-3">
              <ErrorBlock error={error} onRetry={retry} />
            </div>
          )}
        >
          {() => list.map((p) => <PlanCard key={p.id} plan={p} featured={p.id === 'professional'} />)}
        </QueryState>
      </div>
    </section>
  )
}

export function Landing() {
  usePageMeta('AI blog publishing', `${PRODUCT_NAME}: AI-written posts with AI images, a hosted blog and RSS feeds for social media.`)
  return (
    <>
      <section className="relative overflow-hidden bg-linear-to-b from-brand-50 via-white to-slate-50">
        <div className="container-page py-20 text-center sm:py-28">
          <Badge variant="secondary" className="bg-white">
            <Sparkles className="size-3.5" aria-hidden="true" /> Beta: 50% off · 14-day free trial
          </Badge>
          <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-6xl">
            Your blog, written and illustrated by AI — <span className="text-brand-600">ready for social</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            {PRODUCT_NAME} writes SEO-ready posts with matching images, hosts your blog and feeds your social scheduler
            through RSS. Made for creators, affiliate marketers and business owners.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/signup">Start your free trial</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/login">Log in</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-slate-500">10 posts included · No credit card required</p>
        </div>
      </section>

      <section aria-labelledby="features-title" className="container-page py-20">
        <h2 id="features-title" className="text-center text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Everything you need to publish
        </h2>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-bold text-slate-900">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="problem-title" className="bg-white">
        <div className="container-page grid gap-8 py-20 lg:grid-cols-2">
          <h2 id="problem-title" className="sr-only">
            The problem and our solution
          </h2>
          <div className="rounded-3xl border border-red-100 bg-red-50/60 p-8">
            <h3 className="text-xl font-bold text-slate-900">The problem</h3>
            <ul className="mt-5 space-y-3">
              {PROBLEMS.map((p) => (
                <li key={p} className="flex gap-3 text-slate-700">
                  <XMark className="mt-0.5 size-5 shrink-0 text-red-500" aria-hidden="true" />
                  {p}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-3xl border border-emerald-100 bg-emerald-50/60 p-8">
            <h3 className="text-xl font-bold text-slate-900">The {PRODUCT_NAME} solution</h3>
            <ul className="mt-5 space-y-3">
              {SOLUTIONS.map((s) => (
                <li key={s} className="flex gap-3 text-slate-700">
                  <Check className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
                  {s}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-title" className="container-page py-20">
        <h2 id="how-title" className="text-center text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          How it works
        </h2>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{s.title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8 flex items-center justify-center gap-2 text-sm text-slate-500">
          <Share2 className="size-4" aria-hidden="true" /> Share to Facebook, X and LinkedIn with one click.
        </p>
      </section>

      <Pricing />

      <section aria-labelledby="faq-title" className="container-page pb-20">
        <h2 id="faq-title" className="text-center text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Frequently asked questions
        </h2>
        <div className="mx-auto mt-10 max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {FAQ.map((f) => (
            <details key={f.q} className="group p-6 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
                {f.q}
                <span className="text-xl text-slate-400 transition group-open:rotate-45" aria-hidden="true">
                  +
                </span>
              </summary>
              <p className="mt-3 leading-relaxed text-slate-600">{f.a}</p>
            </details>
          ))}
        </div>
        <div className="mt-12 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/signup">Create your blog</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/login">I already have an account</Link>
          </Button>
        </div>
      </section>
    </>
  )
}
