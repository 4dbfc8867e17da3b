import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import devConfig from './dev'
import prodConfig from './prod'
import { BASE_FONT_SIZE, DEVICE_RATIO, designWidthOf, rootFontScript } from './layout'
import { apiOriginFor, BuildSettingError, externalHostsFor, mainHostsFor } from './buildSettings'
import zlib from 'node:zlib'
import CompressionPlugin from 'compression-webpack-plugin'
import { InlineCssPlugin } from './plugins/inline-css'
import { RouteChunksPlugin } from './plugins/route-chunks'
import { FirstAnswersPlugin } from './plugins/first-answers'
import { shareStartupModules } from './plugins/startup-services'
import { require as tsxRequire } from 'tsx/cjs/api'

const env = process.env.TARO_ENV ?? 'h5'
/** The shared module (outside src, so Taro is told to compile it). */
const COMMON_DIR = path.resolve(__dirname, '..', 'common')
// No warnings from packages' stylesheets (taro-ui's still use Sass @import).
const sassLoaderOption = { sassOptions: { quietDeps: true } }
/** Template nesting levels of the mini-programs (main-package budget, ARCHITECTURE.md section 7). */
const WEAPP_BASE_LEVEL = 10
const SWAN_FLATTEN_VIEW_LEVEL = 4

/** A hash of the app's code: answers kept by another version are not read (their shape may differ). */
function codeVersion(dir: string): string {
  const hash = createHash('sha256')
  const walk = (d: string) => {
    for (const name of fs.readdirSync(d).sort()) {
      const p = path.join(d, name)
      if (fs.statSync(p).isDirectory()) walk(p)
      else if (/\.(ts|tsx|graphql)$/.test(name)) hash.update(`${name}\0`).update(fs.readFileSync(p))
    }
  }
  walk(dir)
  return hash.digest('hex').slice(0, 12)
}

export default defineConfig<'webpack5'>(async (merge) => {
  // Fails the build with a clear message (a production mini-program build without ALFA_API_ORIGIN).
  let apiOrigin: string
  let mainHosts: string[]
  let externalHosts: string[]
  try {
    apiOrigin = apiOriginFor({
      target: env,
      nodeEnv: process.env.NODE_ENV,
      apiOrigin: process.env.ALFA_API_ORIGIN,
      port: process.env.PORT,
    })
    mainHosts = mainHostsFor(process.env.ALFA_MAIN_HOSTS)
    externalHosts = externalHostsFor(process.env.ALFA_EXTERNAL_HOSTS)
  } catch (err) {
    // Taro would bury the message under its own "config not found"; say it plainly and stop.
    if (!(err instanceof BuildSettingError)) throw err
    console.error(`\nBuild setting error: ${err.message}\n`)
    process.exit(1)
  }
  /** The part of webpack-chain's rule API these marks use (its types lack the `sideEffects` shorthand: `set` it). */
  type RuleChain = { test(condition: RegExp): { set(key: 'sideEffects', value: boolean): unknown } }
  /**
   * The generated documents (src/services/generated/) have no side effects: a chunk then takes the
   * documents it imports through graphql.ts's re-exports, not every document the app has.
   */
  const pureGeneratedDocuments = (chain: { module: { rule(name: string): RuleChain } }) =>
    chain.module
      .rule('pure-generated-documents')
      .test(/[\\/]services[\\/]generated[\\/]/)
      .set('sideEffects', false)
  /**
   * A feature's index.ts only re-exports: a page shell that imports one screen from
   * `@/features/<name>` then takes that screen's modules, not every screen of the feature.
   */
  const pureFeatureEntries = (chain: { module: { rule(name: string): RuleChain } }) =>
    chain.module
      .rule('pure-feature-entries')
      .test(/[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/)
      .set('sideEffects', false)
  /**
   * hooks/remote.ts re-exports the paged lists of hooks/paged.ts: free of side effects, a screen
   * that uses only useRemote (the home page, in the main package) does not take usePaged.
   */
  const pureRemoteHooks = (chain: { module: { rule(name: string): RuleChain } }) =>
    chain.module
      .rule('pure-remote-hooks')
      .test(/[\\/]src[\\/]hooks[\\/]remote\.ts$/)
      .set('sideEffects', false)
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'alfa',
    date: '2026-11-22',
    // taro-ui's styles are drawn at 750 (src/styles/taro-ui/), the app's at 1242.
    designWidth: designWidthOf,
    deviceRatio: DEVICE_RATIO,
    sourceRoot: 'src',
    // ALFA_OUTPUT_ROOT builds elsewhere (experiments, size analysis) without touching dist/.
    outputRoot: process.env.ALFA_OUTPUT_ROOT ?? `dist/${env}`,
    plugins: [
      path.resolve(__dirname, 'plugins', 'project-files.js'),
      path.resolve(__dirname, 'plugins', 'chart-engine.js'),
      path.resolve(__dirname, 'plugins', 'swan-templates.js'),
      path.resolve(__dirname, 'plugins', 'template-whitespace.js'),
      path.resolve(__dirname, 'plugins', 'mini-a11y.js'),
      // Baidu: views inlined 4 levels deep in each template (Taro's default 8 made base.swan 48 KB of
      // the 450 KB main package); deeper views render through the recursive template as before.
      ...(env === 'swan' ? [['@tarojs/plugin-platform-swan', { flattenViewLevel: SWAN_FLATTEN_VIEW_LEVEL }] as [string, object]] : []),
    ],
    // WeChat has no recursive templates: base.wxml repeats each nestable element for every level, and
    // deeper nodes go through the `comp` component (Taro's default 16 levels cost 2.7 KB each).
    baseLevel: WEAPP_BASE_LEVEL,
    defineConstants: {
      // Build-time settings; every value has a safe development default.
      'process.env.ALFA_API_ORIGIN': JSON.stringify(apiOrigin),
      // Main-brand hosts (broker 0008), compared with location.host on H5.
      'process.env.ALFA_MAIN_HOSTS': JSON.stringify(mainHosts.join(',')),
      'process.env.ALFA_PRODUCT_HOST': JSON.stringify(process.env.ALFA_PRODUCT_HOST ?? 'localhost'),
      // Hosts besides the product's that links may open (services/links.ts).
      'process.env.ALFA_EXTERNAL_HOSTS': JSON.stringify(externalHosts.join(',')),
      'process.env.ALFA_CODE_VERSION': JSON.stringify(codeVersion(path.resolve(__dirname, '..', 'src'))),
    },
    alias: {
      '@': path.resolve(__dirname, '..', 'src'),
      // Code the app and the server share (x-sign, API paths, the terminated-fund answer).
      '@alfa/common': COMMON_DIR,
    },
    copy: {
      // theme.json backs WeChat's dark mode (app.json darkmode + themeLocation).
      patterns: env === 'weapp' ? [{ from: 'src/theme.json', to: `dist/${env}/theme.json` }] : [],
      options: {},
    },
    // H5 renders with Preact (preact/compat in place of react-dom: about 30 KB less gzipped JS before
    // the first screen, ARCHITECTURE.md section 7's 120 KB); the mini-programs keep React 18.
    framework: env === 'h5' ? 'preact' : 'react',
    compiler: { type: 'webpack5', prebundle: { enable: false } },
    cache: { enable: false },
    // Mini-programs: Taro's default is terser's fast mode (most compress passes off, for build speed)
    // and \u-escaped non-ASCII; full compression and plain UTF-8 (which both hosts read) keep the
    // main package under its 450 KB budget (ARCHITECTURE.md section 7).
    ...(env !== 'h5'
      ? {
          terser: {
            enable: true,
            config: {
              compress: {
                collapse_vars: true,
                comparisons: true,
                computed_props: true,
                hoist_props: true,
                inline: true,
                loops: true,
                properties: true,
                reduce_funcs: true,
                reduce_vars: true,
                switches: true,
                passes: 2,
              },
              output: { ascii_only: false },
            },
          },
        }
      : {}),
    mini: {
      sassLoaderOption,
      compile: { include: [COMMON_DIR] },
      postcss: {
        // rpx to 2 decimals (a hundredth of an rpx is far below a device pixel), not 5.
        pxtransform: { enable: true, config: { unitPrecision: 2 } },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      // Move modules used only by subpackages out of the main package.
      optimizeMainPackage: { enable: true },
      webpackChain(chain) {
        pureGeneratedDocuments(chain)
        pureFeatureEntries(chain)
        pureRemoteHooks(chain)
        // WeChat: Taro repeats the scroll-view template on levels 0-3 of base.wxml (2.3 KB each) so
        // that a scroll-view may sit inside another; the app nests none, so one level serves them all.
        if (env === 'weapp')
          chain
            .plugin('miniPlugin')
            .tap((args: Array<{ combination: { config: { template: { nestElements: Map<string, number> } } } }>) => {
              args[0].combination.config.template.nestElements.set('scroll-view', 1)
              return args
            })
      },
    },
    h5: {
      sassLoaderOption,
      compile: { include: [COMMON_DIR] },
      publicPath: '/',
      // Taro's root font size script, scaled by the user's default font size (config/layout.ts).
      htmlPluginOption: { script: rootFontScript() },
      // React components (@tarojs/components-react) instead of Stencil web components: less JS
      // before the first screen (ARCHITECTURE.md section 7 budget).
      useHtmlComponents: process.env.ALFA_STENCIL !== '1',
      // ALFA_SOURCEMAP=1: source maps for bundle-size analysis (never in the shipped build).
      enableSourceMap: process.env.ALFA_SOURCEMAP === '1',
      sourceMapType: 'source-map',
      staticDirectory: 'static',
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      // The browser paths (customRoutes) come from the route table, in src/app.config.ts.
      router: { mode: 'browser' },
      webpackChain(chain) {
        pureGeneratedDocuments(chain)
        pureFeatureEntries(chain)
        pureRemoteHooks(chain)
        // Taro compiles only config/ when it loads this file; tsx reads the route table (no imports of its own).
        const { h5PathRows, HOME, routes } = tsxRequire('../src/routes.ts', __filename) as typeof import('../src/routes')
        // The site root opens the home page (Taro's router starts there).
        const paths: Array<[string, string]> = [['/', routes[HOME].page], ...h5PathRows()]
        chain.plugin('route-chunks').use(RouteChunksPlugin, [{ paths, notFoundPage: routes.notFound.page }])
        // Taro's own component styles (@tarojs/components*, about 16 KB) into the entry's stylesheet like the app's,
        // not into the vendor chunk's JS for style-loader to insert as the app starts (8.8 KB less gzipped JS with its runtime).
        // The extracting loader is the one Taro gives the app's own styles (its rule 'customStyle', in production).
        const extract = (chain.module.rule('customStyle').uses.values() as Array<{ get(key: 'loader'): string }>)
          .map((u) => u.get('loader'))
          .find((l) => /mini-css-extract-plugin/.test(l))
        if (extract) {
          const taroStyle = chain.module.rule('taroStyle')
          taroStyle.uses.clear()
          taroStyle.use('extract-css').loader(extract)
        }
        chain.plugin('inline-css').use(InlineCssPlugin)
        shareStartupModules(chain)
        const { firstAnswerRows } = tsxRequire('../src/firstAnswers.ts', __filename) as typeof import('../src/firstAnswers')
        chain.plugin('first-answers').use(FirstAnswersPlugin, [firstAnswerRows()])
        // .br (quality 11) and .gz (level 9) beside each JS/CSS file (and index.html, with the entry's styles) of at least 1 KB, sent by the
        // server to browsers that accept them (server/src/h5.ts, @fastify/static preCompressed).
        // Uncompressed, Lighthouse's uses-text-compression estimated 1.65 s of LCP on the home page.
        if (process.env.NODE_ENV !== 'production') return
        const common = { test: /\.(js|css|html)$/, threshold: 1024, minRatio: Number.MAX_SAFE_INTEGER }
        chain.plugin('brotli').use(CompressionPlugin, [
          {
            ...common,
            filename: '[path][base].br',
            algorithm: 'brotliCompress',
            compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
          },
        ])
        chain
          .plugin('gzip')
          .use(CompressionPlugin, [{ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }])
      },
      postcss: {
        pxtransform: { enable: true, config: { baseFontSize: BASE_FONT_SIZE } },
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
    },
  }
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig)
  return merge({}, baseConfig, prodConfig)
})
