// The web pages (external link, web iframe, web-view fallback, trade web-view): what page shells may use.
export { ExternalLinkScreen, TradeWebviewScreen, WebIframeScreen, WebviewScreen } from './WebScreens'
