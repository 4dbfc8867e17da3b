import { DEFAULT_SHARE, normaliseShareResult, reportShareSdk, shareInfo, shareReportUrl } from '@/services/share'
import { DEFAULT_SHARE_PATH } from '@/services/navigation'
import { parseUrl } from '@/utils/url'

describe('share-to-chat info falls back to defaults when none is given', () => {
  it('no info gives the defaults with the mini-program home path', () => {
    expect(shareInfo()).toEqual(DEFAULT_SHARE)
    expect(shareInfo(null).path).toBe(DEFAULT_SHARE_PATH)
  })
  it('missing or empty fields fall back one by one', () => {
    expect(shareInfo({ title: '稳健组合', path: '', imageUrl: undefined })).toEqual({ ...DEFAULT_SHARE, title: '稳健组合' })
  })
})

describe('share SDK result codes are normalised to ok, cancel, fail, permission denied', () => {
  it.each([
    ['shareAppMessage:ok', 'ok'],
    [{ errMsg: 'updateAppMessageShareData:ok' }, 'ok'],
    ['shareTimeline:cancel', 'cancel'],
    [{ errMsg: 'shareAppMessage:fail network' }, 'fail'],
    ['config:permission denied', 'permission denied'],
    [0, 'ok'],
    ['0', 'ok'],
    [-2, 'cancel'],
    [2, 'permission denied'],
    [{ code: 5 }, 'fail'],
    [undefined, 'fail'],
  ])('%p → %s', (input, out) => expect(normaliseShareResult(input)).toBe(out))
})

const report = {
  version: '1.2.0',
  system: 'iOS 17.1',
  clientVersion: '8.0.34',
  appId: 'wx123',
  networkType: 'wifi',
  initTime: 120,
  verifyTime: 45,
  url: 'https://m.alfa.example/a?b=1',
}

describe('a share-SDK report is sent as an image GET with version, system, client version, app id, network type, init time, verification time and url', () => {
  it('carries every field', () => {
    const { pathname, query } = parseUrl(shareReportUrl('/alfa/v1/share-sdk/report', report))
    expect(pathname).toBe('/alfa/v1/share-sdk/report')
    expect(query).toEqual({
      version: '1.2.0',
      system: 'iOS 17.1',
      client_version: '8.0.34',
      app_id: 'wx123',
      network_type: 'wifi',
      init_time: '120',
      verification_time: '45',
      url: 'https://m.alfa.example/a?b=1',
    })
  })
  it('sends by image to a same-origin path, and never off the allow-list', () => {
    const send = jest.fn()
    expect(reportShareSdk('/alfa/v1/share-sdk/report', report, [], send)).toBe(true)
    expect(send).toHaveBeenCalledTimes(1)
    expect(reportShareSdk('https://evil.example/r', report, ['alfa.example'], send)).toBe(false)
    expect(send).toHaveBeenCalledTimes(1)
  })
  it('the image GET really sets an image source in the browser', () => {
    const created: HTMLImageElement[] = []
    const RealImage = window.Image
    window.Image = class extends RealImage {
      constructor() {
        super()
        created.push(this)
      }
    }
    try {
      reportShareSdk('/alfa/v1/share-sdk/report', report)
      expect(created).toHaveLength(1)
      expect(created[0].src).toContain('/alfa/v1/share-sdk/report?version=1.2.0')
    } finally {
      window.Image = RealImage
    }
  })
})
