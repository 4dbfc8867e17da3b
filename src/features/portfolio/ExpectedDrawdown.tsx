import { Text } from '@tarojs/components'
import { DrawdownRate } from '@/components/Figure'
import type { Numeric } from '@/utils/number'

/**
 * The expected max drawdown of annualizedReturnRateRange, in investor words a range: from
 * minDrawdown (the mildest case) to defaultDrawdown (the usual case), each a fall; one when only one is set.
 */
export function ExpectedDrawdown({ range }: { range: { minDrawdown?: Numeric; defaultDrawdown?: Numeric } }) {
  const { minDrawdown: min, defaultDrawdown: usual } = range
  if (min && usual)
    return (
      <Text className='alfa-po-expected-dd'>
        <DrawdownRate value={min} />
        <Text> ～ </Text>
        <DrawdownRate value={usual} />
      </Text>
    )
  return <DrawdownRate value={usual ?? min} />
}
