import { WebView } from '@tarojs/components'

export interface WebFrameProps {
  /** An address the link rules allowed (services/links.ts), with the token when it was given one. */
  url: string
  /** 'iframe': framed in the page on H5; 'leave': the browser goes to it on H5. Mini-programs always use web-view. */
  frame: 'iframe' | 'leave'
}

/** The mini-programs' web-view, which itself loads only the app's business domains (the same allow-list). */
export function WebFrame({ url }: WebFrameProps) {
  return <WebView src={url} />
}
