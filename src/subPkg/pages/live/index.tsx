import { Page } from '@/components/Page'
import { LiveListScreen, LiveScreen, useLiveId } from '@/features/live'

export default function LivePage() {
  const liveId = useLiveId()
  return <Page route='live'>{liveId ? <LiveScreen liveId={liveId} /> : <LiveListScreen />}</Page>
}
