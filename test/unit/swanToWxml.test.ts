// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module of the platform checks, typed by tsconfig.scripts.json, not this program
const { translate } = require('../platform/lib/swan-to-wxml') as { translate: (swan: string) => string }

/** The translation of swan templates that lets miniprogram-simulate render dist/swan (test/platform/swan-simulate-home.js). */
describe('swan templates as WXML', () => {
  it.each([
    ['<view s-if="{{a}}">1</view>', '<view wx:if="{{a}}">1</view>'],
    ['<view s-if="a && b">1</view>', '<view wx:if="{{a && b}}">1</view>'],
    ['<view s-elif="{{b}}">2</view><view s-else>3</view>', '<view wx:elif="{{b}}">2</view><view wx:else>3</view>'],
    ['<block s-for="root.cn trackBy item.sid"><x /></block>', '<block wx:for="{{root.cn}}" wx:key="sid"><x /></block>'],
    [
      '<view s-for="p, i in list trackBy p.id">{{i}}</view>',
      '<view wx:for="{{list}}" wx:for-item="p" wx:for-index="i" wx:key="id">{{i}}</view>',
    ],
    ['<view s-for="p in list">{{p}}</view>', '<view wx:for="{{list}}" wx:for-item="p">{{p}}</view>'],
    [
      '<view s-for="{{list}}" s-for-item="row" s-for-index="n">{{n}}</view>',
      '<view wx:for="{{list}}" wx:for-item="row" wx:for-index="n">{{n}}</view>',
    ],
    ['<template is="t" data="{{{ i:item }}}"/>', '<template is="t" data="{{ i:item }}"/>'],
    ['<input value="{= name =}" />', '<input value="{{ name }}" />'],
    ['<import-sjs module="xs" src="./utils.sjs" />', '<wxs module="xs" src="./utils.wxs" />'],
    ['<import src="../../base.swan"/>', '<import src="../../base.wxml"/>'],
    // Taro's Video template binds its children's condition unquoted.
    ['<ad s-if={{item.nn===\'10\'}} id="{{item.uid}}"></ad>', '<ad wx:if="{{item.nn===\'10\'}}" id="{{item.uid}}"></ad>'],
  ])('%s', (swan, wxml) => expect(translate(swan)).toBe(wxml))

  it('s-for and s-if on one element keep their order of application (the list first, then the condition per item)', () => {
    expect(translate('<view s-for="item in list" s-if="item.on">{{item.n}}</view>')).toBe(
      '<view wx:for="{{list}}" wx:for-item="item" wx:if="{{item.on}}">{{item.n}}</view>',
    )
  })

  it('nested lists keep their own items', () => {
    expect(translate('<view s-for="g in groups"><view s-for="x, j in g.items trackBy x.id">{{x.n}}</view></view>')).toBe(
      '<view wx:for="{{groups}}" wx:for-item="g"><view wx:for="{{g.items}}" wx:for-item="x" wx:for-index="j" wx:key="id">{{x.n}}</view></view>',
    )
  })

  it('refuses what has no WXML form instead of rendering something else', () => {
    expect(() => translate('<view s-show="{{a}}" />')).toThrow(/s-show/)
    expect(() => translate('<view>{{ price | money }}</view>')).toThrow(/filter/)
    expect(() => translate('<view s-for="list trackBy index" />')).toThrow(/trackBy/)
  })
})
