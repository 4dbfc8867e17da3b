import { Page } from '@/components/Page'
import { CourseScreen } from '@/features/course'

export default function CoursePage() {
  return (
    <Page route='course'>
      <CourseScreen />
    </Page>
  )
}
