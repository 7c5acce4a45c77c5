import * as React from 'react'
import { Slot } from '@radix-ui/react-slot'
import { cva, type VariantProps } from 'class-variance-authority'
import { cn } from '@/lib/utils'

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold transition-all duration-150 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 disabled:saturate-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer',
  {
    variants: {
      variant: {
        default: 'bg-(--brand-strong) text-(--brand-fg) shadow-sm hover:brightness-110 active:brightness-95',
        destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:ring-red-500',
        outline: 'border border-slate-300 bg-white text-slate-900 shadow-xs hover:bg-slate-50 hover:border-slate-400',
        secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
        ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        link: 'text-(--brand-strong) underline-offset-4 hover:underline px-0 h-auto',
        retro:
          'rounded-md border-2 border-slate-900 bg-amber-300 text-slate-900 uppercase tracking-wide shadow-[3px_3px_0_0_#0f172a] hover:-translate-x-px hover:-translate-y-px hover:shadow-[4px_4px_0_0_#0f172a] active:translate-x-0.5 active:translate-y-0.5 active:shadow-[1px_1px_0_0_#0f172a]',
        chrome:
          'border border-slate-300 bg-linear-to-b from-white via-slate-200 to-slate-300 text-slate-800 shadow-[inset_0_1px_0_rgba(255,255,255,.9),0_1px_2px_rgba(15,23,42,.15)] hover:from-slate-50 hover:via-slate-100 hover:to-slate-200',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 rounded-md px-3 text-xs',
        lg: 'h-12 rounded-xl px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

export interface ButtonProps
  extends React.ButtonHTMLAttributes<HTMLButtonElement>,
    VariantProps<typeof buttonVariants> {
  asChild?: boolean
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button'
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  )
}
