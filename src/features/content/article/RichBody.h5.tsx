import { View } from '@tarojs/components'
import { createElement, useMemo, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { checkRichTree, type RichElement, type RichNode } from '@alfa/common/richText'
import { imageSrc } from '@/services/imageUrl'
import './RichBody.scss'

export interface RichBodyProps {
  /** The server's sanitised tree (Article.body); checked again here. */
  nodes: unknown
  /** A link in the body was tapped. */
  onLink: (href: string) => void
}

/** The images' fixed style (common/richText IMAGE_STYLE) as React takes it. */
const IMAGE_STYLE = { maxWidth: '100%', height: 'auto' }

/**
 * An article body on H5: the tree checked again against the allow-list (checkRichTree), then
 * made into React elements, never HTML text. Links carry no href (a middle click would pass the
 * link rules by): a tap hands the address to `onLink`.
 */
export function RichBody({ nodes, onLink }: RichBodyProps) {
  const tree = useMemo(() => checkRichTree(nodes), [nodes])
  return <View className='alfa-rich'>{renderNodes(tree, { onLink, images: 0 })}</View>
}

/** What the walk carries: the link handler, and how many images came before (the first loads at once). */
interface Walk {
  onLink: (href: string) => void
  images: number
}

function renderNodes(nodes: RichNode[], walk: Walk): ReactNode[] {
  return nodes.map((node, i) => (node.type === 'text' ? node.text : renderElement(node, i, walk)))
}

function renderElement(node: RichElement, key: number, walk: Walk): ReactNode {
  const { onLink } = walk
  const attrs = node.attrs ?? {}
  const children = node.children?.length ? renderNodes(node.children, walk) : undefined
  const className = `alfa-rich__${node.name}`
  switch (node.name) {
    case 'a': {
      const open = (event: MouseEvent | KeyboardEvent) => {
        event.preventDefault()
        onLink(attrs.href)
      }
      return (
        <a key={key} className={className} role='link' tabIndex={0} onClick={open} onKeyDown={(e) => e.key === 'Enter' && open(e)}>
          {children}
        </a>
      )
    }
    case 'img': {
      const src = imageSrc(attrs.src)
      if (!src) return null
      const size = (v: string | undefined) => (v ? Number(v) : undefined)
      // The first image is usually the largest thing on the first screen (Lighthouse's LCP): it
      // loads at once; the rest when they come near the viewport.
      const first = walk.images++ === 0
      return (
        <img
          key={key}
          className={className}
          src={src}
          alt={attrs.alt ?? ''}
          width={size(attrs.width)}
          height={size(attrs.height)}
          loading={first ? 'eager' : 'lazy'}
          style={IMAGE_STYLE}
        />
      )
    }
    case 'ol':
      return createElement('ol', { key, className, start: attrs.start ? Number(attrs.start) : undefined, type: attrs.type }, children)
    case 'td':
    case 'th':
      return createElement(
        node.name,
        {
          key,
          className,
          colSpan: attrs.colspan ? Number(attrs.colspan) : undefined,
          rowSpan: attrs.rowspan ? Number(attrs.rowspan) : undefined,
        },
        children,
      )
    default:
      return createElement(node.name, { key, className }, children)
  }
}
