/**
 * Watchlist groups (自选分组, issue #25): the rules both halves apply (the app before it saves on
 * the device, the server before it stores), and the merge of a device's list into an account at
 * login, so that the two never disagree on a name, a limit or what a merge keeps.
 */

/** A group name's longest length, in characters. */
export const GROUP_NAME_MAX = 10
/** How many groups one user may create (a merge at login may go beyond it: it never drops anything). */
export const MAX_GROUPS = 20

export const GROUP_MESSAGES = {
  empty: '分组名称不能为空',
  tooLong: `分组名称最多${GROUP_NAME_MAX}个字`,
  duplicate: (name: string) => `已有名为「${name}」的分组`,
  tooMany: `最多创建${MAX_GROUPS}个分组`,
  unknownGroup: '分组不存在或已删除',
  notPicked: (codes: readonly string[]) => `基金不在自选中：${codes.join('、')}`,
  badCode: '基金代码应为6位数字',
  reorder: '排序须包含每个分组，且每个只出现一次',
} as const

/** The name as stored: surrounding spaces dropped (a name of spaces only is empty). */
export const normaliseGroupName = (name: string): string => name.trim()

/** Why a (new or changed) name cannot be used, or null; `others` are the user's other group names. */
export function groupNameProblem(name: string, others: readonly string[]): string | null {
  const n = normaliseGroupName(name)
  if (!n) return GROUP_MESSAGES.empty
  // Counted in code points, so an emoji counts once as the user sees it.
  if ([...n].length > GROUP_NAME_MAX) return GROUP_MESSAGES.tooLong
  if (others.includes(n)) return GROUP_MESSAGES.duplicate(n)
  return null
}

/** A group as both halves exchange it: its name and its funds. */
export interface GroupContent {
  name: string
  fundCodes: string[]
}

/** A watchlist with its groups: the picked codes in order, the groups in order. */
export interface WatchlistContent {
  fundCodes: string[]
  groups: GroupContent[]
}

const unique = (codes: readonly string[]) => [...new Set(codes)]

/**
 * The account's watchlist after a device's is merged in: the account's funds first, then the
 * device's new ones in its order; a device group joins the account's group of the same name (its
 * funds added) or comes after the account's groups. Nothing is lost and nothing is doubled; a fund
 * in a group is in the watchlist.
 */
export function mergeWatchlists(account: WatchlistContent, device: WatchlistContent): WatchlistContent {
  const groups: GroupContent[] = account.groups.map((g) => ({ name: g.name, fundCodes: unique(g.fundCodes) }))
  for (const g of device.groups) {
    const name = normaliseGroupName(g.name)
    const same = groups.find((a) => a.name === name)
    if (same) same.fundCodes = unique([...same.fundCodes, ...g.fundCodes])
    else groups.push({ name, fundCodes: unique(g.fundCodes) })
  }
  const fundCodes = unique([...account.fundCodes, ...device.fundCodes, ...groups.flatMap((g) => g.fundCodes)])
  return { fundCodes, groups }
}
