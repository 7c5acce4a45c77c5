import { Link } from 'react-router'
import { PenLine } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { NEW_POST_PATH } from './desk'

/** 'New post': a post written by hand, on its own screen (the owner's and the admin's desks). */
export function NewPostButton() {
  return (
    <Button asChild variant="outline">
      <Link to={NEW_POST_PATH}>
        <PenLine aria-hidden="true" /> New post
      </Link>
    </Button>
  )
}
