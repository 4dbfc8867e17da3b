import type { RouteName } from '@/routes'

/**
 * 课程's screen: the course list that the course work adds as route `courseList`; until it is in
 * the route table the tile opens its page path (wire it as `{ route: 'courseList' }` then).
 */
export const COURSE_LIST_PAGE = 'subPkg/pages/courseList/index'

export type HomeEntry = {
  label: string
  /** One character drawn in the tile. */
  glyph: string
} & ({ route: RouteName } | { page: string })

/** The home page's entry tiles: every screen a user needs, in the order users scan them. */
export const HOME_ENTRIES: readonly HomeEntry[] = [
  { route: 'product', label: '策略', glyph: '策' },
  { route: 'productList', label: '更多策略', glyph: '略' },
  { route: 'favourites', label: '我的自选', glyph: '自' },
  { route: 'followed', label: '我的关注', glyph: '关' },
  { route: 'myFilter', label: '我的筛选', glyph: '筛' },
  { route: 'filter', label: '选基', glyph: '选' },
  { route: 'industryTheme', label: '行业主题', glyph: '业' },
  { route: 'fundList', label: '更多基金', glyph: '基' },
  { route: 'managerList', label: '更多经理', glyph: '经' },
  { route: 'stockMarket', label: '市场行情', glyph: '行' },
  { route: 'column', label: '专栏', glyph: '专' },
  { page: COURSE_LIST_PAGE, label: '课程', glyph: '课' },
  { route: 'live', label: '直播', glyph: '播' },
  { route: 'diagnosis', label: '基金诊断', glyph: '诊' },
  { route: 'fundGlossary', label: '基金术语', glyph: '术' },
  { route: 'login', label: '我的账户', glyph: '我' },
]
