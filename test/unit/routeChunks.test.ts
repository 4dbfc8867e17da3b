import { routeChunkRows } from '../../config/plugins/route-chunks'
import { h5PathRows, routeNames, routes } from '@/routes'

describe('route-chunks.json marks the 页面不存在 page (the server answers its addresses with 404)', () => {
  const paths = h5PathRows()
  const pages = new Map(routeNames.map((n) => [routes[n].page, [`js/${n}.js`]]))
  const rows = routeChunkRows(paths, pages, routes.notFound.page)

  it('exactly the catch-all and the page’s own path are notFound; every other address is a screen', () => {
    expect(rows.filter((r) => r.notFound).map((r) => r.path)).toEqual([`/${routes.notFound.page}`, ...routes.notFound.h5])
    expect(rows.length).toBe(paths.length)
    for (const r of rows.filter((x) => !x.notFound)) expect(r.files).not.toEqual(['js/notFound.js'])
  })

  it('the catch-all is the last row (tried after every screen)', () => {
    expect(rows[rows.length - 1]).toEqual({ path: routes.notFound.h5[0], files: ['js/notFound.js'], notFound: true })
  })
})
