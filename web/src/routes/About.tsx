import { Link } from 'react-router'
import { Cpu, Dumbbell, Megaphone, Salad } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { usePageMeta } from '@/hooks/usePageMeta'
import { PRODUCT_NAME, TAGLINE } from '@/lib/constants'

const AREAS = [
  {
    slug: 'marketing',
    name: 'Marketing',
    icon: Megaphone,
    tint: 'bg-violet-100 text-violet-700',
    text:
      'Social media strategy, content calendars, affiliate marketing and the small experiments that move the numbers. We test tactics on real accounts and write up what worked, what flopped and why — so you can skip straight to the part that grows your audience.',
  },
  {
    slug: 'keto',
    name: 'Keto',
    icon: Salad,
    tint: 'bg-emerald-100 text-emerald-700',
    text:
      'Low-carb eating without the dogma. Simple recipes, shopping lists, how to read a label, and honest notes on energy, sleep and performance. Everything is written for busy people who want results they can keep up with.',
  },
  {
    slug: 'fitness',
    name: 'Fitness',
    icon: Dumbbell,
    tint: 'bg-orange-100 text-orange-700',
    text:
      'Strength training, mobility and routines that fit around a full calendar. Short workouts you can do at home or in the gym, progress tracking that stays motivating, and recovery habits that keep you consistent for years, not weeks.',
  },
  {
    slug: 'tech',
    name: 'Tech',
    icon: Cpu,
    tint: 'bg-sky-100 text-sky-700',
    text:
      'AI tools, creator software and the gadgets worth your money. We explain new technology in plain language, show practical workflows, and separate the genuinely useful from the hype — with a focus on what helps you create and earn.',
  },
]

export function About() {
  usePageMeta('About', `What ${PRODUCT_NAME} writes about: marketing, keto, fitness and tech — and why.`)
  return (
    <>
      <section className="border-b border-slate-200 bg-white">
        <div className="container-page py-16 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">About {PRODUCT_NAME}</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{TAGLINE}</h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-600">
            {PRODUCT_NAME} is a personal blog for people who build things online — creators, affiliate marketers and business
            owners who want to grow an audience while staying healthy and curious. We cover four areas that shape modern life
            and work, and we write every post to be read in minutes and shared in seconds.
          </p>
        </div>
      </section>

      <section aria-labelledby="areas-title" className="container-page py-16 sm:py-20">
        <h2 id="areas-title" className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          What we write about
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {AREAS.map(({ slug, name, icon: Icon, tint, text }) => (
            <article key={slug} className="rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
              <span className={`inline-flex size-12 items-center justify-center rounded-xl ${tint}`}>
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-xl font-bold text-slate-900">{name}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
              <Link
                to={`/${slug}`}
                className="mt-4 inline-flex rounded text-sm font-semibold text-brand-600 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                Read {name} posts →
              </Link>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="mission-title" className="container-page pb-16 sm:pb-20">
        <div className="rounded-3xl bg-slate-900 px-6 py-12 text-white sm:px-12 sm:py-16">
          <h2 id="mission-title" className="text-sm font-semibold uppercase tracking-wider text-brand-300">
            Our mission
          </h2>
          <p className="mt-4 max-w-3xl text-2xl font-semibold leading-snug sm:text-3xl">
            To give the modern generation clear, practical insight they can act on today — and the tools to publish their
            own.
          </p>
          <p className="mt-6 max-w-3xl leading-relaxed text-slate-300">
            Good advice should be easy to find, quick to read and simple to pass on. That is why every article comes with
            artwork, hashtags and sharing built in, and why each category has its own RSS feed for your scheduler. And if you
            want a blog like this for your own brand, {PRODUCT_NAME} lets you launch one with AI-written posts and images in
            minutes.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg" className="bg-white text-slate-900 hover:bg-brand-50 hover:brightness-100">
              <Link to="/posts">Start reading</Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="border-white/30 bg-transparent text-white hover:bg-white/10">
              <Link to="/landing">Create your own blog</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  )
}
