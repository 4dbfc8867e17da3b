/* eslint-disable @typescript-eslint/no-require-imports */
const { quoteBindings } = require('../../config/plugins/swan-templates') as { quoteBindings: (text: string) => string }

/** config/plugins/swan-templates.js: the Baidu build's templates keep every attribute value quoted. */
describe('swan templates: unquoted {{ }} attribute values are quoted', () => {
  it("quotes the s-if Taro writes on the <ad> of a <video>'s children", () => {
    expect(quoteBindings(`<ad s-if={{item.nn==='10'}} id="{{item.uid||item.sid}}" data-sid="{{item.sid}}"></ad>`)).toBe(
      `<ad s-if="{{item.nn==='10'}}" id="{{item.uid||item.sid}}" data-sid="{{item.sid}}"></ad>`,
    )
  })

  it('leaves quoted values, text bindings and valueless attributes alone', () => {
    const text = `<view s-if="{{a}}" class="{{b}}">{{c}}</view><block s-else>{{ d }}</block><x data="{{{i:item}}}" />`
    expect(quoteBindings(text)).toBe(text)
  })
})
