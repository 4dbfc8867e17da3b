/* eslint-disable @typescript-eslint/no-require-imports */
const { collapse } = require('../../config/plugins/template-whitespace.js') as { collapse: (text: string) => string }

/** config/plugins/template-whitespace.js: the mini-programs' templates lose only the white space between tags. */
describe('template white space', () => {
  it('drops line breaks and indentation between tags, keeps attributes and {{ }} text', () => {
    const template = [
      '<template name="tmpl_0_5">',
      '  <text selectable="{{xs.b(i.p3,!1)}}" class="{{i.cl}}">',
      '    <block wx:for="{{i.cn}}" wx:key="sid">{{item.v}} </block>',
      '  </text>',
      '</template>',
      '',
    ].join('\n')
    expect(collapse(template)).toBe(
      '<template name="tmpl_0_5"><text selectable="{{xs.b(i.p3,!1)}}" class="{{i.cl}}"><block wx:for="{{i.cn}}" wx:key="sid">{{item.v}} </block></text></template>',
    )
  })

  it('leaves a self-closing tag as it is (WeChat refuses <input> without its slash)', () => {
    expect(collapse('<input value="{{i.value}}" />\n  <view />')).toBe('<input value="{{i.value}}" /><view />')
  })
})
