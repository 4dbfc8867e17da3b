import { Text } from '@tarojs/components'
import './index.scss'

/** Yes, or no with the reason (can buy, can redeem, can AIP …). */
export function Allowed({ ok, yes, no, reason }: { ok: boolean; yes: string; no: string; reason?: string | null }) {
  return (
    <Text className={`alfa-po-rule__state alfa-po-rule__state--${ok ? 'yes' : 'no'}`}>{ok ? yes : reason ? `${no}：${reason}` : no}</Text>
  )
}
