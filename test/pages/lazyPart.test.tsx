import { mountComponent } from '../support/render'
import { Text, View } from '@tarojs/components'
import type TestUtils from '@tarojs/test-utils-react'
import { lazyPart, PART_FAILED_TEXT } from '@/components/LazyPart/index.h5'

const mount = mountComponent

const settle = (utils: TestUtils) => utils.act(() => new Promise((r) => setTimeout(r, 0)))

afterEach(() => {
  document.body.innerHTML = ''
})

function Body({ name }: { name: string }) {
  return <Text className='body'>{`正文 ${name}`}</Text>
}

describe('H5: a page part in its own chunk (the strategy and fund details’ bodies)', () => {
  it('holds its place while the chunk loads, then renders with the props it was given', async () => {
    let finish: (m: { default: typeof Body }) => void = () => undefined
    const Part = lazyPart(() => new Promise<{ default: typeof Body }>((r) => (finish = r)), 'pending')
    const { utils, container } = await mount(() => (
      <View>
        <Text className='head'>头部</Text>
        <Part name='甲' />
      </View>
    ))
    expect(container.querySelector('.pending')).not.toBeNull()
    expect(container.textContent).toContain('头部')
    await utils.act(async () => finish({ default: Body }))
    await settle(utils)
    expect(container.querySelector('.pending')).toBeNull()
    expect(container.textContent).toContain('正文 甲')
  })

  it('a failed chunk leaves the rest of the page, says so, and loads again on a tap', async () => {
    let calls = 0
    const Part = lazyPart((): Promise<{ default: typeof Body }> => {
      calls++
      return calls === 1
        ? Promise.reject(Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' }))
        : Promise.resolve({ default: Body })
    }, 'pending')
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const { utils, container } = await mount(() => (
      <View>
        <Text className='head'>头部</Text>
        <Part name='乙' />
      </View>
    ))
    await settle(utils)
    await settle(utils)
    expect(container.textContent).toContain('头部')
    expect(container.textContent).toContain(PART_FAILED_TEXT)
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-lazy-part__failed') as HTMLElement)
    })
    await settle(utils)
    await settle(utils)
    spy.mockRestore()
    expect(calls).toBe(2)
    expect(container.textContent).toContain('正文 乙')
    expect(container.textContent).not.toContain(PART_FAILED_TEXT)
  })
})
