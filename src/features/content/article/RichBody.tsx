import { RichText, Text, View } from '@tarojs/components'
import { useMemo } from 'react'
import { imageSrc } from '@/services/imageUrl'
import { bodyPieces, type BodyPiece } from './richNodes'
import './RichBody.scss'

export interface RichBodyProps {
  /** The server's sanitised tree (Article.body); checked again here. */
  nodes: unknown
  /** A link in the body was tapped. */
  onLink: (href: string) => void
}

/** An article body on the mini-programs: rich-text nodes, with links as tappable pieces between them. */
export function RichBody({ nodes, onLink }: RichBodyProps) {
  const pieces = useMemo(() => bodyPieces(nodes, imageSrc), [nodes])
  return <View className='alfa-rich'>{pieces.map((p, i) => renderPiece(p, i, onLink, false))}</View>
}

function renderPiece(piece: BodyPiece, key: number, onLink: (href: string) => void, inline: boolean) {
  if (piece.kind === 'rich')
    return (
      <RichText key={key} className={inline ? 'alfa-rich__run alfa-rich__run--inline' : 'alfa-rich__run'} nodes={piece.nodes as never} />
    )
  if (piece.kind === 'link')
    return (
      <Text key={key} className='alfa-rich__a' onClick={() => onLink(piece.href)}>
        {piece.text}
      </Text>
    )
  return (
    <View key={key} className={`alfa-rich__${piece.name} alfa-rich__box`}>
      {piece.pieces.map((p, i) => renderPiece(p, i, onLink, true))}
    </View>
  )
}
