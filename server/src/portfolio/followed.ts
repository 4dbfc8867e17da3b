import { sql } from 'kysely'
import type { Database } from '../db'
import { pageWithTotal, totalCount } from '../paging'

/**
 * 我的关注: a page of the strategies a user follows that the brand may show (AP custom plans on
 * 0008 only, as listPortfolioRows), newest follow first, each with its latest NAV day's return
 * and its return since set-up (6 places, computed as NUMERIC in the database) and its followers
 * (the base count plus the users following it): one statement for the page.
 */
export function followedPortfolioRows(database: Database, userId: string, broker: string, offset: number, size: number) {
  return pageWithTotal(
    (from, n) => {
      let q = database.db
        .selectFrom('follows as f')
        .innerJoin('portfolios as p', 'p.po_code', 'f.po_code')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('portfolio_navs')
              .select(['nav_date', 'nav'])
              .whereRef('portfolio_navs.po_code', '=', 'p.po_code')
              .orderBy('nav_date', 'desc')
              .limit(1)
              .as('latest'),
          (join) => join.onTrue(),
        )
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('portfolio_navs')
              .select('nav')
              .whereRef('portfolio_navs.po_code', '=', 'p.po_code')
              .whereRef('portfolio_navs.nav_date', '<', 'latest.nav_date')
              .orderBy('nav_date', 'desc')
              .limit(1)
              .as('previous'),
          (join) => join.onTrue(),
        )
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('portfolio_navs')
              .select('nav')
              .whereRef('portfolio_navs.po_code', '=', 'p.po_code')
              .orderBy('nav_date')
              .limit(1)
              .as('first'),
          (join) => join.onTrue(),
        )
        .selectAll('p')
        .select((eb) => [
          'f.created_at as followedAt',
          'latest.nav_date as navDate',
          sql<string | null>`round(latest.nav / previous.nav - 1, 6)`.as('dailyReturn'),
          sql<string | null>`round(latest.nav / first.nav - 1, 6)`.as('totalReturn'),
          eb(
            'p.followers_base',
            '+',
            eb
              .selectFrom('follows as g')
              .select((c) => c.cast<number>(c.fn.countAll(), 'integer').as('n'))
              .whereRef('g.po_code', '=', 'p.po_code'),
          ).as('followersCount'),
          totalCount,
        ])
        .where('f.user_id', '=', userId)
        .where((eb) => eb.or([eb('p.brand', '=', 'all'), eb('p.brand', '=', broker)]))
      if (broker !== '0008') q = q.where('p.po_code', 'not like', 'AP%')
      return q.orderBy('f.created_at', 'desc').orderBy('p.po_code').limit(n).offset(from).execute()
    },
    offset,
    size,
  )
}
