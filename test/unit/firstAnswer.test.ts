import { FIRST_ANSWER_ELEMENT_ID } from '@alfa/common/firstAnswer'
import type { HttpRequest } from '@/services/request'

const QUERY = 'query FundDetail($fundCode:String!){fund(fundCode:$fundCode){fundCode fundName}}'
const DATA = { fund: { fundCode: '000001', fundName: '华夏成长' } }

/** The element the server puts in the page's HTML (server/src/h5.ts). */
function carry(payload: unknown) {
  document.getElementById(FIRST_ANSWER_ELEMENT_ID)?.remove()
  const el = document.createElement('script')
  el.type = 'application/json'
  el.id = FIRST_ANSWER_ELEMENT_ID
  el.textContent = typeof payload === 'string' ? payload : JSON.stringify(payload)
  document.body.appendChild(el)
}

/** Fresh modules (the answer is used once per page load) and the requests the app sends. */
function load() {
  let services: {
    graphql: typeof import('@/services/graphql')
    request: typeof import('@/services/request')
    first: typeof import('@/services/firstAnswer.h5')
  }
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-require-imports -- fresh modules: the page's answer is used once per load */
    services = {
      graphql: require('@/services/graphql'),
      request: require('@/services/request'),
      first: require('@/services/firstAnswer.h5'),
    }
    /* eslint-enable @typescript-eslint/no-require-imports */
  })
  const calls: HttpRequest[] = []
  services!.request.setTransport(async (req) => {
    calls.push(req)
    return { statusCode: 200, data: JSON.stringify({ data: { fund: { fundCode: 'asked', fundName: '问过的' } } }), header: {} }
  })
  return { ...services!, calls }
}

afterEach(() => document.getElementById(FIRST_ANSWER_ELEMENT_ID)?.remove())

describe('the first answer inside the page (H5): the screen’s first query is not asked again', () => {
  it('execute answers the query from the page without a request, once; then asks as always', async () => {
    carry({ query: QUERY, variables: { fundCode: '000001' }, data: DATA })
    const { graphql, calls } = load()
    await expect(graphql.execute(QUERY, { fundCode: '000001' }, { stream: false })).resolves.toEqual(DATA)
    expect(calls).toHaveLength(0)
    expect(document.getElementById(FIRST_ANSWER_ELEMENT_ID)).toBeNull()
    await expect(graphql.execute(QUERY, { fundCode: '000001' }, { stream: false })).resolves.toEqual({
      fund: { fundCode: 'asked', fundName: '问过的' },
    })
    expect(calls).toHaveLength(1)
  })

  it('another question is asked, and the answer waits for its own', async () => {
    carry({ query: QUERY, variables: { fundCode: '000001' }, data: DATA })
    const { graphql, calls } = load()
    await graphql.execute(QUERY, { fundCode: '110011' }, { stream: false })
    await graphql.execute('query UserInfo{me{userId}}', {}, { stream: false })
    expect(calls).toHaveLength(2)
    await expect(graphql.execute(QUERY, { fundCode: '000001' }, { stream: false })).resolves.toEqual(DATA)
    expect(calls).toHaveLength(2)
  })

  it('a page loaded too long ago, or a damaged element: asked as always', async () => {
    carry({ query: QUERY, variables: { fundCode: '000001' }, data: DATA })
    const old = load()
    const now = jest.spyOn(performance, 'now').mockReturnValue(old.first.FIRST_ANSWER_MAX_AGE_MS + 1)
    await old.graphql.execute(QUERY, { fundCode: '000001' }, { stream: false })
    now.mockRestore()
    expect(old.calls).toHaveLength(1)
    carry('{"query": ')
    const damaged = load()
    await damaged.graphql.execute(QUERY, { fundCode: '000001' }, { stream: false })
    expect(damaged.calls).toHaveLength(1)
  })
})
