import { routesAlias } from '@tarojs/router'
import { routeNames, routes } from '@/routes'
import { installPatternAliases } from './h5Routes'

// Runs when the app module loads, before the H5 router resolves the first path.
installPatternAliases(
  routesAlias,
  routeNames.map((n) => `/${routes[n].page}`),
)
