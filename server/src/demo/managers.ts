import { COMPANIES, type SeedContext } from './context'
import { addDays } from '../calendar'

/** Manager avatars: manager-N.png shows SURNAMES[N - 1] (server/static/generate-demo-images.mjs). */
const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高']
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '强',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '涛',
  '明',
  '超',
  '秀英',
  '晓东',
  '志刚',
  '海燕',
  '建华',
  '一鸣',
  '子涵',
  '思远',
  '雨桐',
]

/** 100 fund managers, M1001–M1100. */
export async function seedManagers({ rnd, insert }: SeedContext) {
  const managers = Array.from({ length: 100 }, (_, i) => {
    const name = rnd.pick(SURNAMES) + rnd.pick(GIVEN)
    return {
      manager_id: `M${String(1001 + i)}`,
      manager_name: name,
      is_verified: rnd.chance(0.6),
      avatar_url: `/alfa/static/demo/v1/avatar/manager-${SURNAMES.indexOf(name[0]) + 1}.png`,
      is_yingmi_extended: rnd.chance(0.2),
      company: COMPANIES[i % COMPANIES.length],
      intro: `${name}，${rnd.int(5, 20)}年证券从业经验，擅长${rnd.pick(['价值投资', '成长股挖掘', '固收+', '量化选股', '资产配置'])}。`,
      career_start: addDays('2005-01-01', rnd.int(0, 4000)),
      is_demo: true,
    }
  })
  await insert('managers', managers)
}
