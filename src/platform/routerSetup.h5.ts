import { routesAlias } from '@tarojs/router'
import { routeNames, routes } from '@/routes'
import { installPatternAliases } from './h5Routes'

// Runs when the app module loads, before the H5 router resolves the first path.
installPatternAliases(
  routesAlias,
  routeNames.map((n) => `/${routes[n].page}`),
)

// The router's page containers are the scrolling regions (overflow-y: scroll): focusable, so that
// a keyboard can scroll them too (WCAG 2.1.1; axe's scrollable-region-focusable).
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) if (n instanceof HTMLElement && n.classList.contains('taro_page')) n.tabIndex = 0
}).observe(document.body, { childList: true, subtree: true })
