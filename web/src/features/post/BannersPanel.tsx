import { BannerList } from '@/components/ui/banner-editor'
import { MAX_BANNERS } from '@/lib/banners'
import { Panel } from './Panel'
import type { PostDesk } from './usePostDesk'

/** Up to three banner ads shown with the post. */
export function BannersPanel({ desk, onBusyChange }: { desk: PostDesk; onBusyChange: (busy: boolean) => void }) {
  return (
    <Panel id="banners" title="Banners">
      <BannerList
        banners={desk.draft.banners}
        errors={desk.errors.banners}
        onChange={desk.editBanners}
        onEdited={desk.clearBannerErrors}
        onBusyChange={onBusyChange}
        note={<span className="text-xs text-slate-500">Up to {MAX_BANNERS}, shown in the post.</span>}
      />
    </Panel>
  )
}
