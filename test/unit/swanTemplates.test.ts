/* eslint-disable @typescript-eslint/no-require-imports */
const { mendSwanTemplate } = require('../../config/plugins/swan-templates.js') as { mendSwanTemplate: (text: string) => string }

/** config/plugins/swan-templates.js: the two flaws of Taro's Baidu base template the live screens meet. */
describe('the Baidu base template, mended', () => {
  it("quotes Form's report-type fallback: `default` is a reserved word, not a string", () => {
    expect(mendSwanTemplate('<form report-type="{{i.p2||default}}" template-id="{{i.p5}}">')).toBe(
      `<form report-type="{{i.p2||'default'}}" template-id="{{i.p5}}">`,
    )
  })
  it("quotes the unquoted condition of Video's children", () => {
    expect(mendSwanTemplate(`<ad s-if={{item.nn==='10'}} id="{{item.uid}}"></ad>`)).toBe(
      `<ad s-if="{{item.nn==='10'}}" id="{{item.uid}}"></ad>`,
    )
  })
  it('leaves everything else alone', () => {
    const text = `<view s-if="{{a||b}}" class="{{i.cl}}"><text>{{i.v}}</text></view>`
    expect(mendSwanTemplate(text)).toBe(text)
  })
})
