import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { observer } from '@/hooks/observer'
import { navigateTo } from '@/services/navigation'
import { toast } from '@/services/toast'
import { compareTray, MAX_COMPARED, MIN_COMPARED, type CompareTray as Tray, type TrayFund } from './tray'
import './compare.scss'

export const TRAY_FULL_TEXT = `对比栏最多 ${MAX_COMPARED} 只基金，请先移除一只`

/** Adds or removes a fund from the tray, saying when a fifth is refused. */
function toggleIn(tray: Tray, fund: TrayFund) {
  if (tray.toggle(fund) === 'full') toast.open(TRAY_FULL_TEXT)
}

export interface CompareToggleProps {
  fund: TrayFund
  /** 'button' (default) 加入对比 / 已加入对比 for the fund page's bar; 'check' a small 对比 box for list rows (multi-select). */
  variant?: 'button' | 'check'
  tray?: Tray
}

/** 加入对比: puts the fund in the 对比栏 or takes it out. */
export const CompareToggle = observer(function CompareToggle({ fund, variant = 'button', tray = compareTray }: CompareToggleProps) {
  const inTray = tray.has(fund.fundCode)
  return (
    <View
      className={`alfa-compare-toggle alfa-compare-toggle--${variant}${inTray ? ' alfa-compare-toggle--on' : ''}`}
      role={variant === 'check' ? 'checkbox' : 'button'}
      aria-checked={variant === 'check' ? inTray : undefined}
      aria-pressed={variant === 'button' ? inTray : undefined}
      aria-label={variant === 'check' ? `对比 ${fund.fundName}` : undefined}
      data-fund={fund.fundCode}
      onClick={(e) => {
        e.stopPropagation?.()
        toggleIn(tray, fund)
      }}
    >
      {variant === 'check' ? (inTray ? '✓ 对比' : '+ 对比') : inTray ? '已加入对比' : '加入对比'}
    </View>
  )
})

/**
 * The 对比栏: the funds picked for comparison with their count and 开始对比; nothing while it is
 * empty. `compact`: the count and the buttons only, one line (a bottom bar's note).
 */
export const CompareTrayBar = observer(function CompareTrayBar({
  tray = compareTray,
  compact = false,
}: {
  tray?: Tray
  compact?: boolean
}) {
  // Another page may have changed the stored tray (a fund page's 加入对比) since this one was shown.
  useDidShow(() => tray.reload())
  if (!tray.count) return null
  const ready = tray.count >= MIN_COMPARED
  return (
    <View className={`alfa-compare-tray${compact ? ' alfa-compare-tray--compact' : ''}`} role='region' aria-label='对比栏'>
      {!compact && (
        <View className='alfa-compare-tray__funds'>
          {tray.funds.map((f) => (
            <View key={f.fundCode} className='alfa-compare-tray__fund'>
              <Text className='alfa-compare-tray__name'>{f.fundName}</Text>
              <View
                className='alfa-compare-tray__remove'
                role='button'
                aria-label={`移除 ${f.fundName}`}
                onClick={() => tray.remove(f.fundCode)}
              >
                ×
              </View>
            </View>
          ))}
        </View>
      )}
      <View className='alfa-compare-tray__actions'>
        <Text className='alfa-compare-tray__count'>{`对比栏 ${tray.count}/${MAX_COMPARED}`}</Text>
        <View className='alfa-compare-tray__clear' role='button' onClick={() => tray.clear()}>
          清空
        </View>
        <View
          className={`alfa-compare-tray__start${ready ? '' : ' alfa-compare-tray__start--off'}`}
          role='button'
          aria-disabled={!ready}
          onClick={() =>
            ready ? navigateTo('fundCompare', { codes: tray.codes.join(',') }) : toast.open(`至少选择 ${MIN_COMPARED} 只基金`)
          }
        >
          开始对比
        </View>
      </View>
      {!compact && <View className='alfa-compare-tray__safe' />}
    </View>
  )
})
