import { FULLSCREEN_OFF, fullscreenMode, isLandscape, nextFullscreen, type FullscreenState } from '@/components/Chart/fullscreen'
import { ALL_PERIODS, CHART_PERIODS, PERIOD_LABELS, periodStart, sliceByPeriod } from '@/components/Chart/periods'
import { adaptLegacyContext, createMeasuringCanvas, estimateTextWidth, fontSizeOf, integerPixelRatio } from '@/platform/canvasShared'
import { detectHost } from '@/platform/host'

describe('periods', () => {
  it('labels the periods users expect, in Chinese, with the spec values', () => {
    expect(CHART_PERIODS.map((p) => p.label)).toEqual(['近1月', '近3月', '近6月', '近1年', '近3年', '近5年', '今年以来', '成立以来'])
    expect(PERIOD_LABELS.TEN_YEAR).toBe('近10年')
    expect(PERIOD_LABELS.Max).toBe('成立以来')
    expect(ALL_PERIODS.map((p) => p.value)).toEqual(expect.arrayContaining(['Max', 'YTD', 'SETUP', 'TEN_YEAR']))
  })

  it('computes where a period starts', () => {
    expect(periodStart('ONE_MONTH', '2024-03-31')).toBe('2024-02-29')
    expect(periodStart('ONE_YEAR', '2024-06-14')).toBe('2023-06-14')
    expect(periodStart('TEN_YEAR', '2024-06-14')).toBe('2014-06-14')
    expect(periodStart('YTD', '2024-06-14')).toBe('2024-01-01')
    expect(periodStart('SETUP', '2024-06-14', '2019-05-06')).toBe('2019-05-06')
    expect(periodStart('Max', '2024-06-14')).toBeNull()
    expect(periodStart('FIVE_YEAR', '2024-06-14', '2021-01-04')).toBe('2021-01-04')
  })

  it('slices data by period', () => {
    const data = ['2023-12-29', '2024-01-02', '2024-05-31', '2024-06-14'].map((date) => ({ date }))
    expect(sliceByPeriod(data, 'YTD').map((p) => p.date)).toEqual(['2024-01-02', '2024-05-31', '2024-06-14'])
    expect(sliceByPeriod(data, 'ONE_MONTH').map((p) => p.date)).toEqual(['2024-05-31', '2024-06-14'])
    expect(sliceByPeriod(data, 'SETUP')).toHaveLength(4)
    expect(sliceByPeriod([], 'YTD')).toEqual([])
  })
})

describe('fullscreen', () => {
  const iosApp = (v: number) => detectHost(`Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AlfaApp/${v}`)

  it('uses native fullscreen only in the iOS app from bundle 255', () => {
    expect(fullscreenMode(iosApp(255))).toBe('native')
    expect(fullscreenMode(iosApp(254))).toBe('rotated')
    expect(fullscreenMode(detectHost('Mozilla/5.0 (Linux; Android 14) AlfaApp/300'))).toBe('rotated')
    expect(fullscreenMode(detectHost('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0'))).toBe('rotated')
  })

  it('toggles on and off, and leaves when fullscreen ends', () => {
    let s: FullscreenState = FULLSCREEN_OFF
    s = nextFullscreen(s, { type: 'toggle' }, 'rotated')
    expect(s).toEqual({ on: true, mode: 'rotated' })
    expect(nextFullscreen(s, { type: 'toggle' }, 'rotated')).toEqual(FULLSCREEN_OFF)
    expect(nextFullscreen(s, { type: 'ended' }, 'rotated')).toEqual(FULLSCREEN_OFF)
    expect(nextFullscreen(s, { type: 'enter' }, 'rotated')).toBe(s)
    expect(nextFullscreen(FULLSCREEN_OFF, { type: 'exit' }, 'rotated')).toBe(FULLSCREEN_OFF)
  })

  it('leaves the rotated view when the device turns to landscape (fake orientation events)', () => {
    const on: FullscreenState = { on: true, mode: 'rotated' }
    const landscape = isLandscape({ deviceOrientation: 'landscape', size: { windowWidth: 375, windowHeight: 667 } })
    const portrait = isLandscape({ deviceOrientation: 'portrait', size: { windowWidth: 667, windowHeight: 375 } })
    expect([landscape, portrait]).toEqual([true, false])
    expect(nextFullscreen(on, { type: 'resize', landscape: false }, 'rotated')).toBe(on)
    expect(nextFullscreen(on, { type: 'resize', landscape }, 'rotated')).toEqual(FULLSCREEN_OFF)
    // H5 reports the screen size; the window's current size decides.
    expect(isLandscape({ windowWidth: 375, windowHeight: 667 }, { width: 667, height: 375 })).toBe(true)
    expect(isLandscape({ size: { windowWidth: 667, windowHeight: 375 } })).toBe(true)
    // Native fullscreen turns the web view itself: stay.
    const native: FullscreenState = { on: true, mode: 'native' }
    expect(nextFullscreen(native, { type: 'resize', landscape: true }, 'native')).toBe(native)
  })
})

describe('canvas helpers', () => {
  it('rounds the pixel ratio up as F2 does', () => {
    expect(integerPixelRatio(2.75)).toBe(3)
    expect(integerPixelRatio(2)).toBe(2)
    expect(integerPixelRatio(undefined)).toBe(1)
    expect(integerPixelRatio(0.5)).toBe(1)
  })

  it('measures text without a real canvas', () => {
    expect(fontSizeOf('bold 12px sans-serif')).toBe(12)
    expect(fontSizeOf(undefined)).toBe(10)
    expect(estimateTextWidth('成立以来', 10)).toBe(40)
    const canvas = createMeasuringCanvas()
    const ctx = canvas.getContext()
    ctx.font = '10px sans-serif'
    expect(ctx.measureText('12.34%').width).toBeGreaterThan(20)
    expect(ctx.getImageData(0, 0, 2, 2).data.every((v: number) => v === 255)).toBe(true)
    const native = createMeasuringCanvas(() => 33)
    expect(native.getContext().measureText('x').width).toBe(33)
  })
})

describe('legacy context adapter', () => {
  function fakeLegacy(withTransform: boolean) {
    const calls: Array<[string, ...unknown[]]> = []
    const rec =
      (name: string) =>
      (...args: unknown[]) => {
        calls.push([name, ...args])
      }
    const ctx: Record<string, unknown> = {
      draw: rec('draw'),
      setFillStyle: rec('setFillStyle'),
      setStrokeStyle: rec('setStrokeStyle'),
      setLineWidth: rec('setLineWidth'),
      setGlobalAlpha: rec('setGlobalAlpha'),
      setFontSize: rec('setFontSize'),
      setTextAlign: rec('setTextAlign'),
      setTextBaseline: rec('setTextBaseline'),
      setLineDash: rec('setLineDash'),
      setShadow: rec('setShadow'),
      beginPath: rec('beginPath'),
      moveTo: rec('moveTo'),
      lineTo: rec('lineTo'),
      stroke: rec('stroke'),
      save: rec('save'),
      restore: rec('restore'),
      translate: rec('translate'),
      scale: rec('scale'),
      clearRect: rec('clearRect'),
      fillText: rec('fillText'),
      measureText: (t: string) => ({ width: t.length * 5 }),
      createCircularGradient: rec('createCircularGradient'),
    }
    if (withTransform) ctx.setTransform = rec('setTransform')
    return { ctx: ctx as never, calls }
  }

  it('turns property assignments into the legacy setters and flushes with draw(true)', () => {
    const { ctx, calls } = fakeLegacy(true)
    const adapter = adaptLegacyContext(ctx)
    const c = adapter.context as unknown as CanvasRenderingContext2D
    c.fillStyle = '#3388FF'
    c.strokeStyle = 'red'
    c.lineWidth = 1
    c.globalAlpha = 0.5
    c.font = 'normal 12px sans-serif'
    c.textAlign = 'start'
    c.textBaseline = 'alphabetic'
    c.shadowBlur = 2
    c.setLineDash([2, 2])
    c.beginPath()
    c.moveTo(0, 0)
    c.lineTo(10, 10)
    c.stroke()
    c.setTransform(1, 0, 0, 1, 5, 6)
    c.createRadialGradient(1, 2, 0, 1, 2, 9)
    expect(c.fillStyle).toBe('#3388FF')
    expect(c.measureText('abc').width).toBe(15)
    expect(adapter.pending).toBe(true)
    adapter.flush()
    adapter.flush()
    expect(calls).toEqual([
      ['setFillStyle', '#3388FF'],
      ['setStrokeStyle', 'red'],
      ['setLineWidth', 1],
      ['setGlobalAlpha', 0.5],
      ['setFontSize', 12],
      ['setTextAlign', 'left'],
      ['setTextBaseline', 'normal'],
      ['setShadow', 0, 0, 2, 'rgba(0, 0, 0, 0)'],
      ['setLineDash', [2, 2], 0],
      ['beginPath'],
      ['moveTo', 0, 0],
      ['lineTo', 10, 10],
      ['stroke'],
      ['setTransform', 1, 0, 0, 1, 5, 6],
      ['createCircularGradient', 1, 2, 9],
      ['draw', true],
    ])
    expect(adapter.pending).toBe(false)
  })

  it('emulates setTransform with translate and scale where the host lacks it', () => {
    const { ctx, calls } = fakeLegacy(false)
    const c = adaptLegacyContext(ctx).context as unknown as CanvasRenderingContext2D
    c.setTransform(2, 0, 0, 2, 10, 20)
    c.setTransform(2, 0, 0, 2, 30, 20)
    c.resetTransform()
    expect(calls).toEqual([
      ['translate', 10, 20],
      ['scale', 2, 2],
      ['translate', 10, 0],
      ['translate', -15, -10],
      ['scale', 0.5, 0.5],
    ])
  })

  it('restores its own state with save/restore', () => {
    const { ctx } = fakeLegacy(true)
    const c = adaptLegacyContext(ctx).context as unknown as CanvasRenderingContext2D
    c.fillStyle = 'a'
    c.save()
    c.fillStyle = 'b'
    c.restore()
    expect(c.fillStyle).toBe('a')
  })
})
