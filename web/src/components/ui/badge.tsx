import * as React from 'react'
import { cva, type VariantProps } from 'class-variance-authority'
import { cn } from '@/lib/utils'

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset transition-colors',
  {
    variants: {
      variant: {
        default: 'bg-brand-600 text-white ring-brand-600',
        secondary: 'bg-slate-100 text-slate-700 ring-slate-200',
        destructive: 'bg-red-100 text-red-800 ring-red-200',
        outline: 'bg-transparent text-slate-700 ring-slate-300',
        success: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

export interface BadgeProps extends React.HTMLAttributes<HTMLSpanElement>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />
}
