import { Text, View } from '@tarojs/components'
import type { AdvisorChargeDetailFragment } from '@/services/generated/graphql'
import { formatAmount, formatNumber, formatPercent, NULL_TEXT, type Numeric } from '@/utils/format'
import { FEE_MODE_NAMES } from '@alfa/common/labels'
import './index.scss'

/** A discount as 折: 0.8 → 8折. */
function discountText(discount: Numeric): string {
  if (discount === null || discount === undefined || discount === '') return NULL_TEXT
  return `${formatNumber(Number(discount) * 10, 1).replace(/\.0$/, '')}折`
}

/** One step's range: amounts in 元 (STEP_ASSET) or holding days in 天 (STEP_HOLDING_DAY). */
function stepRange(mode: string, lower: Numeric, upper: Numeric): string {
  const days = mode === 'STEP_HOLDING_DAY'
  const value = (v: Numeric) => (days ? formatNumber(v, 0) : formatAmount(v))
  const unit = days ? '天' : '元'
  return upper === null || upper === undefined ? `${value(lower)}${unit}以上` : `${value(lower)}–${value(upper)}${unit}`
}

/** The advisor charge (fragment AdvisorChargeDetail): fee rate, mode, the before-discount rate, the step rates, cap and discount. */
export function AdvisorCharge({ charge }: { charge: AdvisorChargeDetailFragment }) {
  const mode = charge.mode
  const struck =
    charge.beforeFeeRate !== null && charge.beforeFeeRate !== charge.feeRate && Number(charge.beforeFeeRate) !== Number(charge.feeRate)
  const stepped = (mode === 'STEP_ASSET' || mode === 'STEP_HOLDING_DAY') && charge.stepRates.length > 0
  return (
    <View className='alfa-po-charge'>
      <View className='alfa-po-charge__head'>
        <Text className='alfa-po-charge__rate'>{mode === 'Free' ? FEE_MODE_NAMES.Free : `${formatPercent(charge.feeRate)}/年`}</Text>
        {struck && mode !== 'Free' && <Text className='alfa-po-charge__before'>{formatPercent(charge.beforeFeeRate)}</Text>}
        <Text className='alfa-po-charge__mode'>{FEE_MODE_NAMES[mode]}</Text>
      </View>
      {charge.description && <Text className='alfa-po-text'>{charge.description}</Text>}
      {stepped && (
        <View className='alfa-po-steps' role='table'>
          <View className='alfa-po-steps__head' role='row'>
            <Text className='alfa-po-steps__range'>{mode === 'STEP_ASSET' ? '持有金额' : '持有天数'}</Text>
            <Text className='alfa-po-steps__cell'>费率</Text>
            <Text className='alfa-po-steps__cell'>优惠费率</Text>
          </View>
          {charge.stepRates.map((s) => (
            <View key={s.lower} className='alfa-po-steps__row' role='row'>
              <Text className='alfa-po-steps__range'>{stepRange(mode, s.lower, s.upper)}</Text>
              <Text className='alfa-po-steps__cell'>{formatPercent(s.feeRate)}</Text>
              <Text className='alfa-po-steps__cell alfa-po-steps__cell--discount'>{formatPercent(s.discountFeeRate)}</Text>
            </View>
          ))}
        </View>
      )}
      {(charge.monthlyCap !== null || charge.discount !== null) && (
        <View className='alfa-po-charge__extra'>
          {charge.monthlyCap !== null && <Text className='alfa-po-muted'>{`每月上限 ${formatAmount(charge.monthlyCap)}元`}</Text>}
          {charge.discount !== null && <Text className='alfa-po-muted'>{`优惠 ${discountText(charge.discount)}`}</Text>}
        </View>
      )}
      {charge.displayTexts
        .filter((t) => t !== charge.description)
        .map((t) => (
          <Text key={t} className='alfa-po-text'>
            {t}
          </Text>
        ))}
    </View>
  )
}
