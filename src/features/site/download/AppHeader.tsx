import { Text, View } from '@tarojs/components'
import { InfoRows } from '@/components/Card'
import { presentRows } from '../rows'
import type { AppConfig } from './appConfig'

/** The app's name, mark and line, as its download pages open. */
export function AppHeader({ config }: { config: AppConfig }) {
  return (
    <View className='alfa-site-app'>
      <View className='alfa-site-app__mark' aria-hidden>
        α
      </View>
      <Text className='alfa-site-app__name'>{config.appName}</Text>
      {config.slogan && <Text className='alfa-site-app__slogan'>{config.slogan}</Text>}
    </View>
  )
}

/** Version, size, date, requirement and developer, where configured. */
export function AppFacts({ config }: { config: AppConfig }) {
  const rows = presentRows([
    ['当前版本', config.version],
    ['安装包大小', config.packageSize],
    ['更新日期', config.updatedAt],
    ['系统要求', config.requirement],
    ['开发者', config.developer],
  ])
  return rows.length ? <InfoRows rows={rows} /> : null
}
