import { mergeInternalComponents } from '@tarojs/shared'

/**
 * WeChat and Baidu: `role` and `aria-label` reach the templates (config/plugins/mini-a11y.js adds
 * them to base.wxml / base.swan). Taro numbers each component's attributes by sorted name in the
 * build and again here at run time, so the runtime's list gets the same two before the first render.
 */
export const ARIA_ATTRIBUTES = { role: '', 'aria-label': '' }
export const ARIA_COMPONENTS = ['View', 'Text', 'Button', 'Image']

mergeInternalComponents(Object.fromEntries(ARIA_COMPONENTS.map((c) => [c, { ...ARIA_ATTRIBUTES }])))
