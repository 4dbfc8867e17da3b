import { useRouter } from '@tarojs/taro'

/** A route parameter, decoded and trimmed; '' when absent. */
export function useCourseParam(name: 'courseId' | 'lessonId'): string {
  const { params } = useRouter()
  const raw = String(params[name] ?? '')
  try {
    return decodeURIComponent(raw).trim()
  } catch {
    return raw.trim()
  }
}
