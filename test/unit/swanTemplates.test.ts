/* eslint-disable @typescript-eslint/no-require-imports */
const { mendSwanTemplate } = require('../../config/plugins/swan-templates.js') as { mendSwanTemplate: (text: string) => string }

/** config/plugins/swan-templates.js: the Baidu build's templates keep every attribute value quoted and well-formed. */
describe('the Baidu templates, mended', () => {
  it("quotes Form's report-type fallback: `default` is a reserved word, not a string", () => {
    expect(mendSwanTemplate('<form report-type="{{i.p2||default}}" template-id="{{i.p5}}">')).toBe(
      `<form report-type="{{i.p2||'default'}}" template-id="{{i.p5}}">`,
    )
  })

  it("quotes the s-if Taro writes on the <ad> of a <video>'s children", () => {
    expect(mendSwanTemplate(`<ad s-if={{item.nn==='10'}} id="{{item.uid||item.sid}}" data-sid="{{item.sid}}"></ad>`)).toBe(
      `<ad s-if="{{item.nn==='10'}}" id="{{item.uid||item.sid}}" data-sid="{{item.sid}}"></ad>`,
    )
  })

  it('leaves quoted values, text bindings and valueless attributes alone', () => {
    const text = `<view s-if="{{a||b}}" class="{{i.cl}}"><text>{{i.v}}</text></view><block s-else>{{ d }}</block><x data="{{{i:item}}}" />`
    expect(mendSwanTemplate(text)).toBe(text)
  })
})
