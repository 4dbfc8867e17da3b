/** Fund terms and their plain-Chinese definitions (基金术语). */
export const GLOSSARY_TERMS: ReadonlyArray<{ termId: string; term: string; definition: string }> = [
  {
    termId: 'nav',
    term: '净值',
    definition: '单位净值，指每一份基金份额当天的价值，等于基金资产净值除以基金总份额。申购和赎回都按当天收盘后公布的净值成交。',
  },
  {
    termId: 'acc-nav',
    term: '累计净值',
    definition: '单位净值加上基金成立以来每份累计分红的金额，反映基金成立以来的总体收益情况，不受分红影响。',
  },
  { termId: 'daily-return', term: '日涨跌幅', definition: '当天单位净值相对上一交易日单位净值的涨跌比例，分红日按复权后净值计算。' },
  {
    termId: 'max-drawdown',
    term: '最大回撤',
    definition: '在选定期间内，从任一净值高点到其后最低点的最大跌幅，衡量买在最高点时可能遭受的最大亏损。',
  },
  {
    termId: 'sharpe',
    term: '夏普比率',
    definition: '每承担一单位总风险所获得的超额收益，等于（年化收益率 − 无风险利率）÷ 年化波动率。数值越高，性价比越好。',
  },
  {
    termId: 'volatility',
    term: '波动率',
    definition: '收益率的标准差，通常按年化表示，反映净值上下起伏的程度。波动率越大，短期涨跌越剧烈。',
  },
  { termId: 'annualized', term: '年化收益', definition: '把一段时间内的收益折算成按一年计算的收益率，便于比较持有期限不同的投资。' },
  {
    termId: 'subscription-fee',
    term: '申购费',
    definition: '在基金成立后买入基金时收取的费用，按申购金额的一定比例计算，代销平台常有折扣。',
  },
  {
    termId: 'redemption-fee',
    term: '赎回费',
    definition: '卖出基金份额时收取的费用，通常持有时间越长费率越低，持有超过一定期限（如2年）可免收。',
  },
  { termId: 'initial-fee', term: '认购费', definition: '在基金募集期（发行期）内购买新基金时收取的费用。' },
  {
    termId: 'management-fee',
    term: '管理费',
    definition: '基金公司管理基金收取的费用，按基金资产净值的一定年费率每日计提，已从净值中扣除。',
  },
  { termId: 'custody-fee', term: '托管费', definition: '托管银行保管基金资产、监督基金运作收取的费用，按年费率每日从基金资产中计提。' },
  {
    termId: 'sales-service-fee',
    term: '销售服务费',
    definition: 'C类份额等不收申购费的份额每年收取的费用，按日从基金资产中计提，适合短期持有。',
  },
  { termId: 'aip', term: '定投', definition: '定期定额投资，按固定周期（如每周、每月）投入固定金额买入基金，可以摊薄成本、分散择时风险。' },
  { termId: 'adjustment', term: '调仓', definition: '调整组合中各只基金或各类资产的持有比例，包括调入新基金、调出原有基金或改变权重。' },
  {
    termId: 'benchmark',
    term: '业绩基准',
    definition: '基金合同中约定的、用来衡量基金表现的参照指数或组合，例如“沪深300指数×80%＋中债综合指数×20%”。',
  },
  { termId: 'excess-return', term: '超额收益', definition: '基金收益率减去业绩基准收益率的差值，反映基金经理跑赢基准的能力。' },
  { termId: 'dividend', term: '分红', definition: '基金把部分已实现收益分配给持有人，分红后单位净值相应下降，总资产不变。' },
  { termId: 'cash-dividend', term: '现金分红', definition: '分红方式之一，分红以现金形式发放到投资者账户。' },
  {
    termId: 'reinvest',
    term: '红利再投资',
    definition: '分红方式之一，分得的现金自动按除息日净值买成基金份额，不收申购费，适合长期复利。',
  },
  {
    termId: 'share-class',
    term: 'A类和C类份额',
    definition: '同一只基金的不同收费方式：A类收申购费、不收销售服务费，适合长期持有；C类不收申购费、按日收销售服务费，适合短期持有。',
  },
  { termId: 'scale', term: '基金规模', definition: '基金资产净值的总额。规模过小可能面临清盘风险，规模过大可能影响调仓灵活性。' },
  { termId: 'open-end', term: '开放式基金', definition: '基金份额不固定，投资者可以在交易日按当日净值随时申购或赎回的基金。' },
  { termId: 'closed-period', term: '封闭期', definition: '基金成立后或定期开放基金在两次开放之间不能申购赎回的期间。' },
  { termId: 'confirm-date', term: '确认日', definition: '申购或赎回申请被基金公司确认的日期，一般为T+1个交易日，确认后份额或资金才到账。' },
  { termId: 't-day', term: 'T日', definition: '提交交易申请的交易日，工作日15:00前提交按当天净值成交，15:00后算作下一个交易日。' },
  { termId: 'index-fund', term: '指数基金', definition: '以某个指数的成分股为投资对象、力求复制指数走势的基金，费用通常较低。' },
  {
    termId: 'qdii',
    term: 'QDII基金',
    definition: '合格境内机构投资者基金，可以投资境外市场（如美股、港股），净值更新和赎回到账一般更慢。',
  },
  {
    termId: 'risk-level',
    term: '风险等级',
    definition: '按投资范围和波动对产品划分的风险级别，从低到高依次为低风险、中低风险、中风险、中高风险、高风险。',
  },
  { termId: 'tenure-return', term: '任职回报', definition: '基金经理管理某只基金期间该基金的累计收益率，用来评价经理在这只基金上的业绩。' },
]
