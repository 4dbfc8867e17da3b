import { Page } from '@/components/Page'
import { CourseListScreen } from '@/features/course'

export default function CourseListPage() {
  return (
    <Page route='courseList'>
      <CourseListScreen />
    </Page>
  )
}
