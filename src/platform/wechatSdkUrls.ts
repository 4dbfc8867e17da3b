/** Where the web JS-SDKs come from (the only external script hosts of the H5 pages' CSP, server/src/h5.ts). */
export const WECHAT_JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js'
export const WECHAT_JSSDK_HOSTS: readonly string[] = ['res.wx.qq.com']
/** Baidu's web-view JS-SDK (its `swan.webView` bridge for pages opened in a smart program's web-view). */
export const BAIDU_WEBVIEW_SDK_URL = 'https://b.bdstatic.com/searchbox/icms/searchbox/js/swan-2.0.18.js'
export const BAIDU_WEBVIEW_SDK_HOSTS: readonly string[] = ['b.bdstatic.com']
