import { Page } from '@/components/Page'
import { GlossaryScreen } from '@/features/glossary'

export default function FundGlossaryPage() {
  return (
    <Page route='fundGlossary'>
      <GlossaryScreen />
    </Page>
  )
}
