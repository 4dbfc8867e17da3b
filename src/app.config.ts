import { h5CustomRoutes, mainPackagePages, routeNames, routes, subpackages } from './routes'

const env = process.env.TARO_ENV

// H5 matches browser paths in page order, so there every page is listed in table order (the
// catch-all 404 last); mini-programs split the table into the main package and subpackages.
const pages = env === 'h5' ? routeNames.map((n) => routes[n].page) : mainPackagePages()
const subPackages = env === 'h5' ? [] : subpackages()

// WeChat follows the system colour scheme through theme.json variables; the other targets get
// light defaults here and switch in CSS (see src/platform/theme.ts).
const window: Record<string, unknown> =
  env === 'weapp'
    ? {
        navigationBarBackgroundColor: '@navBgColor',
        navigationBarTextStyle: '@navTextStyle',
        backgroundColor: '@bgColor',
        backgroundTextStyle: '@bgTextStyle',
      }
    : {
        navigationBarBackgroundColor: '#ffffff',
        navigationBarTextStyle: 'black',
        backgroundColor: '#f5f6f8',
        backgroundTextStyle: 'light',
      }

// Taro's H5 runner lets the app config's `router` override config/index.ts, which is where the
// route table's browser paths reach the H5 router.
// No page transition on H5: Taro 4.2's router shades a page on a timer that a quick back does not
// cancel, which left a blank screen (seen in the browser test).
const h5 = env === 'h5' ? { router: { mode: 'browser', customRoutes: h5CustomRoutes() }, animation: false } : {}

export default defineAppConfig({
  pages,
  subPackages,
  ...h5,
  window: { navigationBarTitleText: 'Alfa', ...window },
  ...(env === 'weapp' ? { darkmode: true, themeLocation: 'theme.json', lazyCodeLoading: 'requiredComponents' } : {}),
})
