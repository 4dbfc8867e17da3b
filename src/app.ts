import type { PropsWithChildren } from 'react'
import { useLaunch } from '@tarojs/taro'
import './platform/a11yAttributes'
import './platform/routerSetup'
import { launchServices } from './services/launch'
import './app.scss'

function App({ children }: PropsWithChildren) {
  // The colour scheme, tracking ids from the url, chunk-failure reporting, page_performance and silent login.
  useLaunch(launchServices)
  return children
}

export default App
