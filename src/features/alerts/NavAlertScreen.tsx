import { Button, Input, Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { SignedRate } from '@/components/Figure'
import { useFundCode } from '@/features/fund'
import { useRemote } from '@/hooks/remote'
import { execute, GraphQLClientError } from '@/services/graphql'
import { NavAlertsDocument, RemoveNavAlertDocument, SetNavAlertDocument, type NavAlertsQuery } from '@/services/generated/graphql'
import { startLogin } from '@/services/login'
import { navigateTo } from '@/services/navigation'
import { toast } from '@/services/toast'
import { formatDate, MONTH_DAY } from '@/utils/format'
import { checkNavAlertThreshold, isChangeKind, NAV_ALERT_KINDS, NAV_ALERT_LABELS, type NavAlertKind } from '@alfa/common/navAlerts'
import { AlertMessagesConsent } from './AlertMessagesConsent'
import './index.scss'

type Drafts = Record<NavAlertKind, string>
const NO_DRAFTS: Drafts = { RISE: '', FALL: '', ABOVE: '', BELOW: '' }

/** What the server keeps, as the fields show it ('' for no rule). */
function savedDrafts(alerts: NavAlertsQuery['myNavAlerts']): Drafts {
  const out = { ...NO_DRAFTS }
  for (const a of alerts) out[a.kind] = String(a.threshold)
  return out
}

/**
 * 净值提醒 of one fund (issue #25): the fund's latest NAV and daily change, and four conditions —
 * daily rise or fall of at least x %, unit NAV at or above / at or below a value. 保存 sets each filled
 * field and removes each cleared one; a refused value says why under its field, in the server's words
 * or, before asking, the same rules (common/navAlerts.ts). The fund must be in the user's watchlist.
 */
export function NavAlertScreen({ fundCode: given }: { fundCode?: string }) {
  const routeFundCode = useFundCode()
  const fundCode = given ?? routeFundCode
  const key = fundCode ? `navAlerts:${fundCode}` : null
  const { state, data, reload } = useRemote(key, () => execute(NavAlertsDocument, { fundCode }).then((r) => (r.fund ? r : null)), {
    user: true,
    empty: () => false,
  })
  const [drafts, setDrafts] = useState<Drafts>(NO_DRAFTS)
  const [errors, setErrors] = useState<Partial<Record<NavAlertKind, string>>>({})
  const [saving, setSaving] = useState(false)
  const saved = data ? savedDrafts(data.myNavAlerts) : NO_DRAFTS
  useEffect(() => {
    if (data) setDrafts(savedDrafts(data.myNavAlerts))
  }, [data])

  if (state === 'login')
    return (
      <Empty
        title='登录后设置净值提醒'
        description='提醒跟随账户，换设备也不会丢。'
        actionText='去登录'
        onAction={() => void startLogin()}
      />
    )
  if (state === 'notFound' || !fundCode)
    return (
      <Empty
        title='基金不存在'
        description='请检查基金代码后重试。'
        actionText='去我的自选'
        onAction={() => void navigateTo('favourites')}
      />
    )

  const changed = NAV_ALERT_KINDS.filter((k) => drafts[k].trim() !== saved[k])
  const save = async () => {
    const found: Partial<Record<NavAlertKind, string>> = {}
    for (const k of changed) {
      const text = drafts[k].trim()
      const checked = text ? checkNavAlertThreshold(k, text) : null
      if (checked && 'refused' in checked) found[k] = checked.refused
    }
    setErrors(found)
    if (Object.keys(found).length) return
    setSaving(true)
    const refused: Partial<Record<NavAlertKind, string>> = {}
    for (const k of changed) {
      const text = drafts[k].trim()
      try {
        if (text) await execute(SetNavAlertDocument, { fundCode, kind: k, threshold: text })
        else await execute(RemoveNavAlertDocument, { fundCode, kind: k })
      } catch (err) {
        refused[k] = err instanceof GraphQLClientError && err.errors[0]?.message ? err.errors[0].message : '保存失败，请稍后重试'
      }
    }
    setSaving(false)
    setErrors(refused)
    // The server's word on what is kept now (the cache keeps it too).
    await reload(true)
    if (!Object.keys(refused).length) toast.open('提醒已保存')
  }

  const fund = data?.fund
  return (
    <View className='alfa-alert'>
      <AsyncContent state={state} onRetry={() => reload()} skeleton={{ rows: 5 }}>
        {fund && (
          <View className='alfa-alert__fund'>
            <Text className='alfa-alert__name'>{fund.fundName}</Text>
            <Text className='alfa-alert__code'>{fund.fundCode}</Text>
            <View className='alfa-alert__latest'>
              <Text>{`单位净值 ${fund.nav ?? '--'}${fund.navDate ? `（${formatDate(fund.navDate, MONTH_DAY)}）` : ''}`}</Text>
              <Text className='alfa-alert__change'>日涨跌幅 </Text>
              <SignedRate value={fund.dailyReturn} />
            </View>
          </View>
        )}
        <View className='alfa-alert__rules'>
          {NAV_ALERT_KINDS.map((k) => (
            <View key={k} className='alfa-alert__rule' data-kind={k}>
              <View className='alfa-alert__line'>
                <Text className='alfa-alert__label' id={`alfa-alert-${k}`}>
                  {NAV_ALERT_LABELS[k].label}
                </Text>
                <Input
                  className='alfa-alert__input'
                  type='digit'
                  value={drafts[k]}
                  placeholder={isChangeKind(k) ? '如 3' : '如 1.2345'}
                  aria-labelledby={`alfa-alert-${k}`}
                  onInput={(e) => setDrafts((d) => ({ ...d, [k]: e.detail.value }))}
                />
                <Text className='alfa-alert__unit'>{NAV_ALERT_LABELS[k].unit}</Text>
                {saved[k] && <Text className='alfa-alert__on'>已开启</Text>}
              </View>
              {errors[k] && (
                <View className='alfa-alert__error' role='alert'>
                  {errors[k]}
                </View>
              )}
            </View>
          ))}
        </View>
        <Text className='alfa-alert__note'>
          每个交易日净值更新后检查一次，同一只基金一天最多提醒一次；涨跌幅按分红再投资计算。清空一项并保存即关闭该提醒。
        </Text>
        <Button className='alfa-alert__save' role='button' disabled={saving || !changed.length} onClick={() => void save()}>
          {saving ? '正在保存' : '保存'}
        </Button>
        <AlertMessagesConsent />
      </AsyncContent>
    </View>
  )
}
