/**
 * What every target's canvas gives the chart (a "surface"), and the pieces the mini-program
 * targets need: an integer pixel ratio, a text-measuring canvas for F2 where the host has no
 * offscreen canvas, and an adapter that presents the standard 2D context API on top of a legacy
 * mini-program CanvasContext (Baidu has no canvas type="2d").
 *
 * What F2 5 calls on the context (read from @antv/g-plugin-canvas-renderer, -path-generator,
 * -image-loader and g-mobile-canvas): property setters fillStyle, strokeStyle, lineWidth, lineCap,
 * lineJoin, miterLimit, globalAlpha, globalCompositeOperation, font, textAlign, textBaseline,
 * shadowColor/Blur/OffsetX/OffsetY, lineDashOffset, filter; methods save, restore, setTransform,
 * resetTransform, scale, translate, rotate, beginPath, closePath, moveTo, lineTo, arc, ellipse,
 * bezierCurveTo, quadraticCurveTo, rect, clip, fill, stroke, fillRect, clearRect, fillText,
 * strokeText, measureText, setLineDash, drawImage, createLinearGradient, createRadialGradient,
 * createPattern (isPointInPath and getImageData only for picking, which the chart does not use).
 */

export interface ChartSurface {
  /** A standard CanvasRenderingContext2D, or an object that behaves like one. */
  context: unknown
  /** Size in CSS px. */
  width: number
  height: number
  pixelRatio: number
  /** A canvas F2 measures text on (WeChat's offscreen canvas, or a measuring stand-in). */
  offscreenCanvas?: unknown
  requestAnimationFrame?: (cb: () => void) => number
  cancelAnimationFrame?: (id: number) => void
  /** Called after every frame F2 renders: legacy contexts send their queued commands here. */
  flush?: () => void
  destroy(): void
}

export interface SurfaceRequest {
  /** The id of the host element (H5) or of the Canvas component (mini-programs). */
  id: string
  /** Size wanted, in CSS px (the element's measured size wins where it can be read). */
  width: number
  height: number
}

/** G (F2's renderer) rounds the device pixel ratio up; size the backing store the same way. */
export function integerPixelRatio(raw: number | undefined | null): number {
  return typeof raw === 'number' && raw >= 1 && Number.isFinite(raw) ? Math.ceil(raw) : 1
}

/** Font size in px from a CSS font string ('bold 12px sans-serif' → 12); 10 when absent. */
export function fontSizeOf(font: string | undefined): number {
  const m = /(\d+(?:\.\d+)?)px/.exec(font ?? '')
  return m ? Number(m[1]) : 10
}

/** Width of `text` estimated from character classes (CJK a full em, digits and Latin about half). */
export function estimateTextWidth(text: string, fontSize: number): number {
  let em = 0
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0
    if (code >= 0x2e80) em += 1
    else if (ch === ' ') em += 0.28
    else if (/[0-9]/.test(ch)) em += 0.56
    else if (/[.,:;'|!il]/.test(ch)) em += 0.28
    else if (/[A-Z%@#&mwMW]/.test(ch)) em += 0.72
    else em += 0.52
  }
  return em * fontSize
}

type Measure = (text: string, fontSize: number, font: string) => number

/**
 * A stand-in for an offscreen canvas that only measures text. F2's text service also draws a
 * sample to find the font's ascent; this stand-in returns an empty (all red) image, for which the
 * text service falls back to the font size, which is what a chart label needs.
 */
export function createMeasuringCanvas(measure?: Measure) {
  const context = {
    font: '10px sans-serif',
    fillStyle: '#000' as unknown,
    textBaseline: 'alphabetic',
    measureText(text: string) {
      const size = fontSizeOf(this.font)
      const measured = measure?.(text, size, this.font)
      return { width: typeof measured === 'number' && measured > 0 ? measured : estimateTextWidth(text, size) }
    },
    fillRect() {},
    fillText() {},
    getImageData(_x: number, _y: number, w: number, h: number) {
      return { data: new Uint8ClampedArray(Math.max(1, Math.floor(w) * Math.floor(h)) * 4).fill(255), width: w, height: h }
    },
  }
  return { width: 10, height: 10, getContext: () => context }
}

/** The methods of a legacy mini-program CanvasContext the adapter may use. */
export interface LegacyCanvasContext {
  draw(reserve?: boolean, callback?: () => void): void
  [name: string]: unknown
}

type Matrix = [number, number, number, number, number, number]
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ]
}

function invert(m: Matrix): Matrix {
  const det = m[0] * m[3] - m[1] * m[2] || 1
  return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det]
}

/** Standard property → legacy setter. */
const SETTERS: Record<string, string> = {
  fillStyle: 'setFillStyle',
  strokeStyle: 'setStrokeStyle',
  lineWidth: 'setLineWidth',
  lineCap: 'setLineCap',
  lineJoin: 'setLineJoin',
  miterLimit: 'setMiterLimit',
  globalAlpha: 'setGlobalAlpha',
  textAlign: 'setTextAlign',
  textBaseline: 'setTextBaseline',
}

/** Legacy contexts know left/center/right only, and top/middle/bottom/normal baselines. */
const TEXT_ALIGN: Record<string, string> = { start: 'left', end: 'right' }
const TEXT_BASELINE: Record<string, string> = { alphabetic: 'normal', hanging: 'top', ideographic: 'bottom' }

/** Pass-through methods (same name and arguments in both APIs). */
const METHODS = [
  'beginPath',
  'closePath',
  'moveTo',
  'lineTo',
  'arc',
  'arcTo',
  'bezierCurveTo',
  'quadraticCurveTo',
  'rect',
  'clip',
  'fill',
  'stroke',
  'fillRect',
  'strokeRect',
  'clearRect',
  'fillText',
  'strokeText',
  'drawImage',
  'createLinearGradient',
  'createPattern',
] as const

const STATE_KEYS = [
  'fillStyle',
  'strokeStyle',
  'lineWidth',
  'lineCap',
  'lineJoin',
  'miterLimit',
  'globalAlpha',
  'globalCompositeOperation',
  'font',
  'textAlign',
  'textBaseline',
  'shadowColor',
  'shadowBlur',
  'shadowOffsetX',
  'shadowOffsetY',
  'lineDashOffset',
  'filter',
] as const
type StateKey = (typeof STATE_KEYS)[number]
type DrawState = Record<StateKey, unknown> & { matrix: Matrix }

const initialState = (): DrawState => ({
  fillStyle: '#000000',
  strokeStyle: '#000000',
  lineWidth: 1,
  lineCap: 'butt',
  lineJoin: 'miter',
  miterLimit: 10,
  globalAlpha: 1,
  globalCompositeOperation: 'source-over',
  font: '10px sans-serif',
  textAlign: 'start',
  textBaseline: 'alphabetic',
  shadowColor: 'rgba(0, 0, 0, 0)',
  shadowBlur: 0,
  shadowOffsetX: 0,
  shadowOffsetY: 0,
  lineDashOffset: 0,
  filter: 'none',
  matrix: [...IDENTITY] as Matrix,
})

export interface LegacyAdapter {
  /** The object to hand F2 as its context. */
  context: Record<string, unknown>
  /** Sends the commands queued since the last flush (draw(true): keep what is already drawn). */
  flush(): void
  /** Whether commands are waiting. */
  readonly pending: boolean
}

/**
 * Wraps a legacy CanvasContext (Baidu's, or WeChat's old one) so it accepts the standard 2D
 * calls F2 makes: property assignments become setter calls, setTransform is emulated with
 * transform or translate/scale where the host lacks it, and commands are queued until flush().
 */
export function adaptLegacyContext(legacy: LegacyCanvasContext, measure?: Measure): LegacyAdapter {
  const call = (name: string, ...args: unknown[]): unknown => {
    const fn = legacy[name]
    return typeof fn === 'function' ? (fn as (...a: unknown[]) => unknown).apply(legacy, args) : undefined
  }
  const has = (name: string) => typeof legacy[name] === 'function'
  let state = initialState()
  const stack: DrawState[] = []
  let pending = false

  const applyMatrix = (target: Matrix) => {
    if (has('setTransform')) {
      call('setTransform', ...target)
    } else {
      const d = multiply(invert(state.matrix), target)
      if (has('transform')) call('transform', ...d)
      else {
        call('translate', d[4], d[5])
        if (d[0] !== 1 || d[3] !== 1) call('scale', d[0], d[3])
      }
    }
    state.matrix = target
  }

  const context: Record<string, unknown> = {
    canvas: undefined,
    save() {
      stack.push({ ...state, matrix: [...state.matrix] as Matrix })
      call('save')
    },
    restore() {
      const prev = stack.pop()
      call('restore')
      if (prev) state = prev
    },
    setTransform(a: number, b: number, c: number, d: number, e: number, f: number) {
      pending = true
      applyMatrix([a, b, c, d, e, f])
    },
    resetTransform() {
      pending = true
      applyMatrix([...IDENTITY] as Matrix)
    },
    transform(a: number, b: number, c: number, d: number, e: number, f: number) {
      pending = true
      applyMatrix(multiply(state.matrix, [a, b, c, d, e, f]))
    },
    translate(x: number, y: number) {
      call('translate', x, y)
      state.matrix = multiply(state.matrix, [1, 0, 0, 1, x, y])
    },
    scale(x: number, y: number) {
      call('scale', x, y)
      state.matrix = multiply(state.matrix, [x, 0, 0, y, 0, 0])
    },
    rotate(angle: number) {
      call('rotate', angle)
      const cos = Math.cos(angle)
      const sin = Math.sin(angle)
      state.matrix = multiply(state.matrix, [cos, sin, -sin, cos, 0, 0])
    },
    ellipse(x: number, y: number, rx: number, ry: number, rotation: number, start: number, end: number, ccw?: boolean) {
      pending = true
      if (has('ellipse')) return call('ellipse', x, y, rx, ry, rotation, start, end, ccw)
      // A circle-based ellipse: scale a unit arc (markers are circles, rx = ry).
      call('save')
      call('translate', x, y)
      call('rotate', rotation)
      call('scale', rx, ry)
      call('arc', 0, 0, 1, start, end, ccw)
      call('restore')
      return undefined
    },
    setLineDash(segments: number[]) {
      pending = true
      call('setLineDash', segments ?? [], state.lineDashOffset)
    },
    getLineDash() {
      return []
    },
    createRadialGradient(x0: number, y0: number, _r0: number, _x1: number, _y1: number, r1: number) {
      return has('createCircularGradient') ? call('createCircularGradient', x0, y0, r1) : call('createRadialGradient', x0, y0, r1)
    },
    measureText(text: string) {
      const size = fontSizeOf(state.font as string)
      const native = has('measureText') ? (call('measureText', text) as { width?: number } | undefined) : undefined
      const width =
        native && typeof native.width === 'number' && native.width > 0 ? native.width : measure?.(text, size, state.font as string)
      return { width: typeof width === 'number' && width > 0 ? width : estimateTextWidth(text, size) }
    },
    isPointInPath() {
      return false
    },
    getImageData(_x: number, _y: number, w: number, h: number) {
      return { data: new Uint8ClampedArray(Math.max(1, w * h) * 4), width: w, height: h }
    },
  }

  for (const name of METHODS) {
    context[name] = (...args: unknown[]) => {
      pending = true
      return call(name, ...args)
    }
  }

  for (const key of STATE_KEYS) {
    Object.defineProperty(context, key, {
      enumerable: true,
      get: () => state[key],
      set: (value: unknown) => {
        state[key] = value
        pending = true
        const setter = SETTERS[key]
        if (key === 'textAlign') call('setTextAlign', TEXT_ALIGN[value as string] ?? value)
        else if (key === 'textBaseline') call('setTextBaseline', TEXT_BASELINE[value as string] ?? value)
        else if (key === 'font') {
          call('setFontSize', fontSizeOf(value as string))
          legacy.font = value
        } else if (key === 'shadowColor' || key === 'shadowBlur' || key === 'shadowOffsetX' || key === 'shadowOffsetY') {
          call('setShadow', state.shadowOffsetX, state.shadowOffsetY, state.shadowBlur, state.shadowColor)
        } else if (setter && has(setter)) call(setter, value)
        else legacy[key] = value
      },
    })
  }

  return {
    context,
    flush() {
      if (!pending) return
      pending = false
      legacy.draw(true)
    },
    get pending() {
      return pending
    },
  }
}
