import type { PropsWithChildren } from 'react'
import './platform/routerSetup'
import { theme } from './platform/theme'
import './app.scss'

function App({ children }: PropsWithChildren) {
  theme.start()
  return children
}

export default App
