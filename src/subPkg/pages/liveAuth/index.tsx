import { Page } from '@/components/Page'
import { LiveAuthScreen, useLiveId } from '@/features/live'

export default function LiveAuthPage() {
  const liveId = useLiveId()
  return (
    <Page route='liveAuth'>
      <LiveAuthScreen liveId={liveId} />
    </Page>
  )
}
