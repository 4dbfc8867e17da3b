import { FilterStore, filterStore } from '@/features/filter/store'
import { isObservable } from '@/utils/observable'

describe('filter store defaults: formValue {}, filterDetail null, justDelete false', () => {
  it('starts empty', () => {
    const store = new FilterStore()
    expect(store.formValue).toEqual({})
    expect(store.filterDetail).toBeNull()
    expect(store.justDelete).toBe(false)
  })
  it('is one observable store', () => {
    expect(isObservable(filterStore)).toBe(true)
  })
})

describe('filter store reset clears formValue and filterDetail', () => {
  it('clears both and leaves justDelete alone', () => {
    const store = new FilterStore()
    store.setFormValue({ fundType: ['stock'] })
    store.setFilterDetail({ id: 'f1', name: '我的筛选' })
    store.setJustDelete(true)
    const { reset } = store // autoBind: usable as a callback
    reset()
    expect(store.formValue).toEqual({})
    expect(store.filterDetail).toBeNull()
    expect(store.justDelete).toBe(true)
  })
})
