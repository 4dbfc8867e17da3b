import { Text, View } from '@tarojs/components'
import { riskLevelName } from '@/features/portfolio'
import { navigateTo } from '@/services/navigation'
import type { HomeData } from './homeData'
import { Section } from './Section'

type Strategy = HomeData['strategies'][number]

/** The figure a card leads with: the annualised return, else the return since set-up, else the first showcase. */
export function leadFigure(p: Strategy) {
  const list = p.performanceShowcase
  return list.find((s) => s.key === 'annualized') ?? list.find((s) => s.key === 'total') ?? list[0] ?? null
}

/** The hand-picked strategies, each with its risk and its leading figure; 更多策略 lists them all. */
export function StrategyCards({ strategies }: { strategies: HomeData['strategies'] }) {
  if (!strategies.length) return null
  return (
    <Section name='strategies' title='精选策略' more={{ text: '更多策略', onTap: () => navigateTo('productList') }}>
      {strategies.map((p) => {
        const figure = leadFigure(p)
        return (
          <View
            key={p.poCode}
            className='alfa-home__row'
            role='link'
            data-po-code={p.poCode}
            onClick={() => void navigateTo('portfolioEntry', { poCode: p.poCode })}
          >
            <View className='alfa-home__row-main'>
              <Text className='alfa-home__row-title'>{p.poName}</Text>
              <View className='alfa-home__row-sub'>
                <Text className='alfa-home__tag'>{riskLevelName(p.riskLevel, p.seriesType)}</Text>
                {p.subTitle && <Text className='alfa-home__row-note'>{p.subTitle}</Text>}
              </View>
            </View>
            {figure && (
              <View className='alfa-home__row-figure'>
                <Text className={`alfa-home__row-value alfa-home__tone--${figure.fontColor ?? 'none'}`}>{figure.valueText}</Text>
                <Text className='alfa-home__row-label'>{figure.displayName}</Text>
              </View>
            )}
          </View>
        )
      })}
    </Section>
  )
}
