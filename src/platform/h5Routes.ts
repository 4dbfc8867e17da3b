import { match, type MatchFunction } from 'path-to-regexp'

/** The shape of @tarojs/router's `routesAlias`: rows of [page path, browser path]. */
export interface RoutesAliasLike {
  conf: string[][]
  getConfig: (url?: string) => string[] | undefined
  getOrigin: (url?: string) => string
  getAlias: (url?: string) => string
}

const isPattern = (alias: string) => alias.includes(':')
const matchers = new Map<string, MatchFunction<object>>()

function matches(pattern: string, url: string): boolean {
  let fn = matchers.get(pattern)
  if (!fn) {
    fn = match(pattern, { decode: decodeURIComponent })
    matchers.set(pattern, fn)
  }
  return fn(url) !== false
}

/**
 * Taro 4.2's H5 router compares aliases as whole strings, so `/alfa/portfolio/:poCode/detail`
 * would find no page config (title, navigation style) for `/alfa/portfolio/ZH015676/detail`.
 * This teaches its alias table the `:param` patterns that its own matcher (universal-router,
 * also path-to-regexp) already resolves. Rows are tried in table order, exact rows first;
 * `pagePaths` are the app's page paths (`/pages/home/index`), which stand for themselves.
 */
export function installPatternAliases(alias: RoutesAliasLike, pagePaths: readonly string[]) {
  // Pages without aliases are routed by their own path, which only the catch-all would match.
  const pages = new Set(pagePaths)
  const lookUp = (url: string) =>
    alias.conf.find((row) => row.includes(url)) ??
    (pages.has(url) ? undefined : alias.conf.find((row) => isPattern(row[1]) && matches(row[1], url)))
  // Taro's router asks once per route of the table each time it reads the page config (title, bar,
  // scrolling: ~10 times per page shown): answers are kept until the table changes (Taro fills it after this runs).
  let memo = new Map<string, string[] | undefined>()
  let memoOf: string[][] | null = null
  let memoRows = -1
  alias.getConfig = (url = '') => {
    if (memoOf !== alias.conf || memoRows !== alias.conf.length) {
      memo = new Map()
      memoOf = alias.conf
      memoRows = alias.conf.length
    }
    if (memo.has(url)) return memo.get(url)
    const row = lookUp(url)
    memo.set(url, row)
    return row
  }
  alias.getOrigin = (url = '') => alias.getConfig(url)?.[0] ?? url
  // Page path to browser path: the first alias without parameters; a browser path stays itself.
  alias.getAlias = (url = '') => {
    const rows = alias.conf.filter((row) => row[0] === url)
    return rows.find((row) => !isPattern(row[1]))?.[1] ?? url
  }
}
