// The course feature (课程, 课程详情, 视频): what page shells and other features may use.
export { CourseListScreen } from './CourseListScreen'
export { CourseScreen } from './CourseScreen'
export { VideoScreen } from './VideoScreen'
