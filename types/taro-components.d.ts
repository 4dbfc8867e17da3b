// Taro's H5 Button and Text are a div and a span: announced as controls or cells only with a
// role, which Taro's types give View alone; a View is reached by keyboard only with a tabIndex.
// The mini-programs pass role on as aria-role (config/plugins/mini-a11y.js) and leave tabIndex out.
import '@tarojs/components/types/Button'
import '@tarojs/components/types/Text'
import '@tarojs/components/types/View'

declare module '@tarojs/components/types/Button' {
  interface ButtonProps {
    role?: 'button'
  }
}

declare module '@tarojs/components/types/Text' {
  interface TextProps {
    role?: 'link' | 'button' | 'cell' | 'columnheader'
  }
}

declare module '@tarojs/components/types/View' {
  interface ViewProps {
    tabIndex?: number
  }
}
