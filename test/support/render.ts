import * as graphql from '@/services/graphql'
import TestUtils from '@tarojs/test-utils-react'
import { Current } from '@tarojs/runtime'
import type { ComponentType } from 'react'
import { trackMounted } from './mounted'

/**
 * Mounts a page component directly (test-utils-react's createApp is broken on Taro 4): sets
 * Current.page and mounts into an element whose id is the page path.
 */
export async function renderPage(Page: ComponentType, pagePath: string, params: Record<string, string> = {}) {
  const container = document.createElement('div')
  container.id = pagePath
  document.body.appendChild(container)
  ;(Current as { page: unknown }).page = { path: `${pagePath}`, route: pagePath, options: params, $taroParams: params }
  ;(Current as { router: unknown }).router = { params, path: pagePath, onReady: '', onHide: '', onShow: '' }
  const utils = new TestUtils()
  await utils.mount(Page as never, { container })
  trackMounted(() => (utils as unknown as { unmout: () => void }).unmout())
  return { utils, container, text: () => container.textContent ?? '' }
}

/** Lets pending promises and zero-delay timers run (inside utils.act). */
export const flush = () => new Promise((r) => setTimeout(r, 0))

export type GraphqlAnswers = Record<string, (vars: Record<string, unknown>) => unknown>

/** Answers `execute` by operation name; an operation without an answer rejects, naming it. */
export function serveGraphql(answers: GraphqlAnswers) {
  return jest.spyOn(graphql, 'execute').mockImplementation((async (doc: unknown, vars: Record<string, unknown>) => {
    const name = graphql.operationNameOf(String(doc)) ?? ''
    const answer = answers[name]
    if (!answer) throw new Error(`unexpected ${name}`)
    return answer(vars)
  }) as never)
}

/**
 * A page mounted with its GraphQL answered by operation name (serveGraphql), after `flushes`
 * rounds of pending promises; with the execute spy, to read what was asked.
 */
export async function openPage(
  Page: ComponentType,
  pagePath: string,
  params: Record<string, string>,
  answers: GraphqlAnswers,
  flushes = 2,
) {
  const execute = serveGraphql(answers)
  const page = await renderPage(Page, pagePath, params)
  for (let i = 0; i < flushes; i++) await page.utils.act(flush)
  return { ...page, execute }
}

/** Mounts a component (not a page) into a fresh element of the document. */
export async function mountComponent(ui: () => JSX.Element) {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const utils = new TestUtils()
  await utils.mount(ui as never, { container })
  return { utils, container }
}
