import { pgliteTestDatabase } from './test/helpers'
;(async () => {
  const { database } = await pgliteTestDatabase()
  const q = async (s: string) => console.table(await database.query(s))
  await q(`select po_code, sub_title, expected_annualized_return_rate e, default_drawdown d, min_drawdown m, thermometer_level t, followers_base f, buyers_count b, is_support_smart_aip s from portfolios order by po_code`)
  await q(`select s.po_code, s.sig_date, s.short_description, o.order_type, o.fund_code, o.percent, o.target_fund_code from signals s join signal_orders o using (sig_id) where s.kind='SIGNAL' and s.po_code in ('LW000001','ZH015676') order by s.po_code, s.sig_date limit 20`)
  await q(`select po_code, sig_date, buy_rate, intro_tags, intro_description from signals where kind='AIP' and po_code='ZH015676' order by sig_date limit 8`)
  await q(`select adj_date, comment from adjustments where po_code='LW000002' order by adj_date limit 8`)
  await database.close()
})()
