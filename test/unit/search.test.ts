import Taro from '@tarojs/taro'
import { RECENT_SEARCH_KEY, clearRecentSearches, loadRecentSearches, recordRecentSearch } from '@/features/search/recent'

beforeEach(() => Taro.removeStorageSync(RECENT_SEARCH_KEY))

describe('recent searches in storage', () => {
  it('start empty, and a damaged stored value reads as empty', () => {
    expect(loadRecentSearches()).toEqual([])
    Taro.setStorageSync(RECENT_SEARCH_KEY, '{not json')
    expect(loadRecentSearches()).toEqual([])
    Taro.setStorageSync(RECENT_SEARCH_KEY, JSON.stringify([{ id: 1 }, { kind: 'fund', id: '000001', name: '甲' }]))
    expect(loadRecentSearches().map((r) => r.id)).toEqual(['000001'])
  })
  it('store the id with whitespace removed and move a repeated id to the front', () => {
    recordRecentSearch({ kind: 'fund', id: '000001', name: '甲' })
    recordRecentSearch({ kind: 'manager', id: 'M1001', name: '张伟' })
    recordRecentSearch({ kind: 'fund', id: '000 001', name: '甲' })
    expect(loadRecentSearches().map((r) => r.id)).toEqual(['000001', 'M1001'])
  })
  it('clear empties the list', () => {
    recordRecentSearch({ kind: 'fund', id: '000001', name: '甲' })
    clearRecentSearches()
    expect(loadRecentSearches()).toEqual([])
  })
})
