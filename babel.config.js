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
        // H5 runs in the in-app browsers of WeChat and Baidu and in phone browsers: iOS 12+ and
        // Android WebView / Chrome 80+ have classes, async functions and object spread natively, so
        // the H5 build ships them as they are (Taro's default targets iOS 9 / Android 5, ES5 with
        // regenerator). The mini-programs keep Taro's default (their JS engines vary more).
        ...(process.env.TARO_PLATFORM === 'web' ? { targets: { ios: '12', android: '80' } } : {}),
        ts: true,
        compiler: 'webpack5',
      },
    ],
  ],
}
