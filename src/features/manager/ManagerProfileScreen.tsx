import { Text, View } from '@tarojs/components'
import { AsyncContent } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { navigateTo } from '@/services/navigation'
import { execute } from '@/services/graphql'
import { ManagerProfileDocument, type ManagedFundRowFragment, type ManagerProfileQuery } from '@/services/generated/graphql'
import { formatDate, formatNav, formatPercent, DATE, NULL_TEXT, toneOf } from '@/utils/format'
import { useRemote } from '@/hooks/remote'
import { FundLinkRow } from '@/features/fund'
import '../../styles/list.scss'
import { Avatar } from '@/components/Avatar'
import './ManagerProfileScreen.scss'
import { useShareSubject } from '@/components/Page'

type Profile = NonNullable<ManagerProfileQuery['fundManager']>

export interface ManagerProfileScreenProps {
  /** Route parameter fundManagerId (trimmed; empty shows not-found). */
  managerId: string
}

/** 基金经理: tenure, company, intro, verified identity and the funds managed with tenure returns. */
export function ManagerProfileScreen({ managerId }: ManagerProfileScreenProps) {
  const { state, data, stale, reload } = useRemote<Profile>(`manager:${managerId}`, async () =>
    managerId ? ((await execute(ManagerProfileDocument, { managerId })).fundManager ?? null) : null,
  )
  useShareSubject(data?.managerName)
  if (state === 'notFound') {
    return (
      <Empty
        title='未找到该基金经理'
        description='链接可能已失效，去看看其他基金经理吧。'
        actionText='更多经理'
        onAction={() => navigateTo('managerList')}
      />
    )
  }
  return (
    <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 6, figure: true }}>
      {data && <ManagerProfile profile={data} />}
    </AsyncContent>
  )
}

function ManagerProfile({ profile }: { profile: Profile }) {
  return (
    <View className='alfa-manager'>
      <View className='alfa-card alfa-manager__head'>
        <Avatar className='alfa-manager__avatar' name={profile.managerName} url={profile.avatarUrl} />
        <View className='alfa-manager__who'>
          <View className='alfa-manager__name'>
            <Text>{profile.managerName}</Text>
            {profile.isVerified && <Text className='alfa-manager__verified'>已认证</Text>}
          </View>
          <View className='alfa-manager__company'>{profile.company ?? NULL_TEXT}</View>
        </View>
      </View>
      <View className='alfa-card alfa-manager__facts'>
        <Fact label='从业年限' value={profile.tenureYears ? `${profile.tenureYears}年` : NULL_TEXT} />
        <Fact label='在管基金' value={`${profile.fundCount}只`} />
        <Fact
          label='最佳任职回报'
          value={formatPercent(profile.bestTenureReturn, 2, { sign: true })}
          tone={toneOf(profile.bestTenureReturn)}
        />
      </View>
      {profile.intro && (
        <View className='alfa-card'>
          <View className='alfa-manager__label'>经理简介</View>
          <View className='alfa-manager__intro'>{profile.intro}</View>
        </View>
      )}
      <View className='alfa-list__section'>管理的基金</View>
      <View className='alfa-list'>
        <View className='alfa-list__header'>
          <Text>基金名称 / 任职起始</Text>
          <Text>任职回报 / 最新净值</Text>
        </View>
        {profile.managedFunds.length === 0 && <Empty title='暂无在管基金' description='该经理目前没有管理中的基金。' />}
        {profile.managedFunds.map((m) => (
          <ManagedFundRow key={m.fund.fundCode} managed={m} />
        ))}
      </View>
      <View className='alfa-list__demo'>{`${profile.isDemo ? '演示数据 · ' : ''}任职回报按复权净值计算（分红再投资）`}</View>
    </View>
  )
}

/** A fund the manager runs (fragment ManagedFundRow): tenure, its return and the latest NAV. */
function ManagedFundRow({ managed: m }: { managed: ManagedFundRowFragment }) {
  return (
    <FundLinkRow
      fund={m.fund}
      sub={`${m.fund.fundCode} · ${formatDate(m.tenureStart, DATE)}起 · ${m.tenureDays}天`}
      figure={
        <>
          <View className={`alfa-tone--${toneOf(m.tenureReturn)}`}>{formatPercent(m.tenureReturn, 2, { sign: true })}</View>
          <View className='alfa-list__sub'>
            {formatNav(m.fund.nav)} {m.fund.navDate ? formatDate(m.fund.navDate, 'MM-dd') : ''}
          </View>
        </>
      }
    />
  )
}

function Fact({ label, value, tone = 'flat' }: { label: string; value: string; tone?: string }) {
  return (
    <View className='alfa-manager__fact'>
      <View className={`alfa-manager__fact-value${tone === 'flat' ? '' : ` alfa-tone--${tone}`}`}>{value}</View>
      <View className='alfa-manager__fact-label'>{label}</View>
    </View>
  )
}
