import Taro from '@tarojs/taro'
import * as h5 from '@/platform/beacon.h5'

afterEach(() => jest.restoreAllMocks())

describe('tracking batches leave by beacon (H5)', () => {
  it('uses navigator.sendBeacon with the batch as text', async () => {
    const beacon = jest.fn(() => true)
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true })
    await expect(h5.sendBeacon('/alfa/v1/track', '[{"e":1}]')).resolves.toBe(true)
    expect(beacon).toHaveBeenCalledWith('/alfa/v1/track', expect.any(Blob))
  })

  it('falls back to a keepalive fetch when the beacon is refused', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: () => false, configurable: true })
    const fetchMock = jest.fn(() => Promise.resolve({ ok: true }))
    ;(global as unknown as { fetch: unknown }).fetch = fetchMock
    await expect(h5.sendBeacon('/t', 'x')).resolves.toBe(true)
    expect(fetchMock).toHaveBeenCalledWith('/t', expect.objectContaining({ method: 'POST', keepalive: true, body: 'x' }))
  })

  it('the share report is an image GET', () => {
    const created: HTMLImageElement[] = []
    const RealImage = global.Image
    ;(global as unknown as { Image: unknown }).Image = class extends RealImage {
      constructor() {
        super()
        created.push(this)
      }
    }
    h5.sendImageGet('http://localhost/r?v=1')
    ;(global as unknown as { Image: unknown }).Image = RealImage
    expect(created[0].src).toBe('http://localhost/r?v=1')
  })
})

// Jest resolves the .h5 variant like the H5 build; the mini-program file is loaded by its name.
const mini = jest.requireActual<typeof h5>('../../src/platform/beacon.ts')

describe('mini-programs report with a fire-and-forget request', () => {
  it('posts the batch and reads only the status', async () => {
    const request = jest.spyOn(Taro, 'request').mockImplementation(() => Promise.resolve({ statusCode: 204 }) as never)
    await expect(mini.sendBeacon('https://a/t', 'x')).resolves.toBe(true)
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://a/t', method: 'POST', data: 'x' }))
  })
})
