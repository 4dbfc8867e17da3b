// @ts-check
// babel-preset-taro: https://docs.taro.zone/docs/next/babel-config
module.exports = {
  presets: [
    [
      'taro',
      {
        // The H5 build renders with Preact (config/index.ts), so its development build's fast refresh
        // is Preact's (prefresh); the mini-programs and jest stay on React.
        framework: process.env.TARO_PLATFORM === 'web' ? 'preact' : 'react',
        ts: true,
        compiler: 'webpack5',
      },
    ],
  ],
}
