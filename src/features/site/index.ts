// The app's own pages (关于我们, the download and open-in-app pages, 我的钱包, 返回): what page shells may use.
export { SiteScreen } from './about/SiteScreen'
export { BackScreen } from './back/BackScreen'
export { AppDownloadGuideScreen } from './download/AppDownloadGuideScreen'
export { AppDownloadScreen } from './download/AppDownloadScreen'
export { AppOpenScreen } from './download/AppOpenScreen'
export { DownloadingScreen } from './download/DownloadingScreen'
export { WalletScreen } from './wallet/WalletScreen'
