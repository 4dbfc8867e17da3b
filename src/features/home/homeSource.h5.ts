import type { HomeData } from './homeData'

/**
 * H5's home: the GraphQL home document (homeQuery.ts) and the REST lists, in a chunk of their own
 * that loads beside the first screen, so the request stack (signing, tokens, login) is not part of
 * the JS before the tiles paint (the 150 KB budget, test/e2e/budget.test.ts).
 */
const queries = () => import(/* webpackChunkName: "home-data" */ './homeQuery')

export const loadHome = (): Promise<HomeData> => queries().then((m) => m.askHome())
export const loadPopular = () => queries().then((m) => m.loadPopular())
export const loadHandPicked = () => queries().then((m) => m.loadHandPicked())
