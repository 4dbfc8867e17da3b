import type { PropsWithChildren } from 'react'
import { useLaunch } from '@tarojs/taro'
import './platform/routerSetup'
import { theme } from './platform/theme'
import { startServices } from './services/startup'
import './app.scss'

function App({ children }: PropsWithChildren) {
  theme.start()
  // Tracking ids from the url, chunk-failure reporting, page_performance and silent login.
  useLaunch(() => {
    void startServices()
  })
  return children
}

export default App
