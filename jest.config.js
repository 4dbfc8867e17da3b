// @ts-check
// Jest on Taro's H5 runtime (test-utils-react's preset). Its createApp is broken on Taro 4, so
// page tests render pages directly (see test/support/render.tsx).
const path = require('node:path')
const defineJestConfig = require('@tarojs/test-utils-react/dist/jest.js').default

// ESM packages that must go through babel.
const esm = ['@tarojs', 'taro-ui', '@antv', '@stencil', 'swiper', 'query-string', 'decode-uri-component', 'split-on-first', 'filter-obj']

module.exports = defineJestConfig({
  bail: 0,
  rootDir: __dirname,
  // A page that draws a chart loads F2 (hundreds of ESM files through babel) on its first render:
  // on a fresh clone's cold transform cache that alone took over jest's 5 s default on 2 cores.
  testTimeout: 30000,
  testMatch: ['<rootDir>/test/unit/**/*.test.{ts,tsx}', '<rootDir>/test/pages/**/*.test.{ts,tsx}'],
  setupFiles: [require.resolve('@tarojs/test-utils-react/dist/jest/jest.setup.js'), path.join(__dirname, 'test/support/setup.ts')],
  setupFilesAfterEnv: [path.join(__dirname, 'test/support/freshCache.ts')],
  // Anything under an ESM package is transformed, even its own nested node_modules.
  transformIgnorePatterns: [`^(?!.*/node_modules/(${esm.join('|')})/).*/node_modules/`],
  transform: {
    '^.+\\.(js|jsx|mjs|ts|tsx)$': require.resolve('@tarojs/test-utils-react/dist/jest/babel-transformer.js'),
  },
  // As the H5 build: a module's .h5 variant (src/platform/*.h5.ts) wins over the plain one.
  moduleFileExtensions: ['h5.ts', 'h5.tsx', 'ts', 'tsx', 'js', 'mjs', 'json', 'jsx'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@alfa/common/(.*)$': '<rootDir>/common/$1',
    '^lodash-es$': 'lodash',
    '^lodash-es/(.*)$': 'lodash/$1',
    '\\.(css|scss|sass)$': '<rootDir>/test/support/styleStub.js',
  },
})
