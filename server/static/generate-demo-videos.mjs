// Renders the demo lessons' videos (server/static/demo/v1/lesson/<n>.mp4): H.264 Baseline in MP4,
// the format WeChat, Baidu, iOS and Debian's Chromium all play. Frames are drawn on a canvas in
// the installed Chromium (WenQuanYi Micro Hei) and encoded there with WebCodecs' VideoEncoder
// (no ffmpeg needed); this script writes the MP4 container itself (moov before mdat, so a player
// can start and seek before the whole file has arrived).
//   node server/static/generate-demo-videos.mjs
// The lessons' durations in the seed (server/src/demo/courses.ts LESSON_CLIPS) are these clips'.
// Changing a clip means a new version folder and new seed URLs: files are cached immutable.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const VERSION = 'v1'
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo', VERSION, 'lesson')
const WIDTH = 320
const HEIGHT = 180
/** Frames per second: slides with a clock, so two a second are enough. */
const FPS = 2
/** A key frame every this many seconds (where a seek can start decoding). */
const KEY_EVERY_S = 5
const COLOURS = ['#2f7de1', '#1f9d74', '#d98a1c', '#7b5cd6', '#c2417a', '#2a9bb0']
/** Lesson n of any demo course plays clip n: its length in seconds and its topic line. */
const CLIPS = [
  { seconds: 48, topic: '认识基金' },
  { seconds: 56, topic: '收益与风险' },
  { seconds: 40, topic: '费用与规模' },
  { seconds: 64, topic: '定投与再平衡' },
  { seconds: 52, topic: '组合配置' },
  { seconds: 36, topic: '复盘与总结' },
]

/** Runs in the page: draws and encodes one clip, returns its samples and the avcC record. */
async function encodeClip({ width, height, fps, keyEvery, seconds, colour, title, topic }) {
  const canvas = new OffscreenCanvas(width, height)
  const g = canvas.getContext('2d')
  const chunks = []
  let description = null
  let failure = null
  const encoder = new VideoEncoder({
    output(chunk, meta) {
      if (meta?.decoderConfig?.description) description = new Uint8Array(meta.decoderConfig.description)
      const data = new Uint8Array(chunk.byteLength)
      chunk.copyTo(data)
      chunks.push({ key: chunk.type === 'key', data: Array.from(data) })
    },
    error(e) {
      failure = String(e)
    },
  })
  encoder.configure({ codec: 'avc1.42001e', width, height, bitrate: 48_000, framerate: fps, avc: { format: 'avc' }, latencyMode: 'quality' })
  const clock = (s) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}`
  const frames = seconds * fps
  for (let i = 0; i < frames; i++) {
    const t = i / fps
    g.fillStyle = colour
    g.fillRect(0, 0, width, height)
    g.fillStyle = '#fff'
    g.textAlign = 'center'
    g.font = "bold 40px 'WenQuanYi Micro Hei'"
    g.fillText(title, width / 2, 74)
    g.font = "20px 'WenQuanYi Micro Hei'"
    g.fillText(topic, width / 2, 108)
    g.font = "14px 'WenQuanYi Micro Hei'"
    g.globalAlpha = 0.85
    g.fillText(`演示视频  ${clock(t)} / ${clock(seconds)}`, width / 2, 142)
    g.globalAlpha = 0.35
    g.fillRect(20, 160, width - 40, 6)
    g.globalAlpha = 1
    g.fillRect(20, 160, ((width - 40) * (i + 1)) / frames, 6)
    const frame = new VideoFrame(canvas, { timestamp: Math.round((i * 1e6) / fps), duration: Math.round(1e6 / fps) })
    encoder.encode(frame, { keyFrame: i % (keyEvery * fps) === 0 })
    frame.close()
  }
  await encoder.flush()
  encoder.close()
  if (failure) throw new Error(failure)
  return { chunks, description: Array.from(description ?? []) }
}

// ---- ISO BMFF (MP4) writing: one video track, one chunk, constant frame duration. ----
const u8 = (n) => Buffer.from([n & 0xff])
const u16 = (n) => {
  const b = Buffer.alloc(2)
  b.writeUInt16BE(n)
  return b
}
const u32 = (n) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n >>> 0)
  return b
}
const box = (type, ...parts) => {
  const body = Buffer.concat(parts)
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'ascii'), body])
}
const full = (type, version, flags, ...parts) => box(type, u8(version), u8(flags >> 16), u16(flags & 0xffff), ...parts)
const MATRIX = Buffer.concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32))

function mp4({ chunks, description }, width, height, fps) {
  const timescale = 1000
  const delta = timescale / fps
  const duration = chunks.length * delta
  const sizes = chunks.map((c) => c.data.length)
  const keys = chunks.flatMap((c, i) => (c.key ? [i + 1] : []))
  const ftyp = box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomiso2avc1mp41'))
  const moovFor = (mdatOffset) =>
    box(
      'moov',
      full('mvhd', 0, 0, u32(0), u32(0), u32(timescale), u32(duration), u32(0x00010000), u16(0x0100), Buffer.alloc(10), MATRIX, Buffer.alloc(24), u32(2)),
      box(
        'trak',
        full('tkhd', 0, 3, u32(0), u32(0), u32(1), u32(0), u32(duration), Buffer.alloc(8), u16(0), u16(0), u16(0), u16(0), MATRIX, u32(width << 16), u32(height << 16)),
        box(
          'mdia',
          full('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0)),
          full('hdlr', 0, 0, u32(0), Buffer.from('vide'), Buffer.alloc(12), Buffer.from('VideoHandler\0')),
          box(
            'minf',
            full('vmhd', 0, 1, Buffer.alloc(8)),
            box('dinf', full('dref', 0, 0, u32(1), full('url ', 0, 1))),
            box(
              'stbl',
              full(
                'stsd',
                0,
                0,
                u32(1),
                box(
                  'avc1',
                  Buffer.alloc(6),
                  u16(1),
                  Buffer.alloc(16),
                  u16(width),
                  u16(height),
                  u32(0x00480000),
                  u32(0x00480000),
                  u32(0),
                  u16(1),
                  Buffer.alloc(32),
                  u16(0x18),
                  u16(0xffff),
                  box('avcC', Buffer.from(description)),
                ),
              ),
              full('stts', 0, 0, u32(1), u32(chunks.length), u32(delta)),
              full('stss', 0, 0, u32(keys.length), ...keys.map(u32)),
              full('stsc', 0, 0, u32(1), u32(1), u32(chunks.length), u32(1)),
              full('stsz', 0, 0, u32(0), u32(chunks.length), ...sizes.map(u32)),
              full('stco', 0, 0, u32(1), u32(mdatOffset)),
            ),
          ),
        ),
      ),
    )
  // The chunk offset is where mdat's payload starts, after ftyp, moov and mdat's own header.
  const moovLength = moovFor(0).length
  const moov = moovFor(ftyp.length + moovLength + 8)
  const mdat = box('mdat', ...chunks.map((c) => Buffer.from(c.data)))
  return Buffer.concat([ftyp, moov, mdat])
}

// WebCodecs needs a secure context: a blank page served from localhost.
const server = http.createServer((_, res) => res.end('<!doctype html><meta charset="utf-8"><title>clips</title>'))
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromiumSandbox: false,
  headless: true,
  args: ['--disable-gpu', '--font-render-hinting=none'],
})
try {
  const page = await browser.newPage()
  await page.goto(`http://localhost:${server.address().port}/`)
  await page.evaluate(() => document.fonts.load("20px 'WenQuanYi Micro Hei'"))
  fs.rmSync(OUT, { recursive: true, force: true })
  fs.mkdirSync(OUT, { recursive: true })
  let total = 0
  for (const [i, clip] of CLIPS.entries()) {
    const encoded = await page.evaluate(encodeClip, {
      width: WIDTH,
      height: HEIGHT,
      fps: FPS,
      keyEvery: KEY_EVERY_S,
      seconds: clip.seconds,
      colour: COLOURS[i % COLOURS.length],
      title: `第${i + 1}课`,
      topic: clip.topic,
    })
    if (encoded.chunks.length !== clip.seconds * FPS) throw new Error(`clip ${i + 1}: ${encoded.chunks.length} frames encoded`)
    const file = path.join(OUT, `${i + 1}.mp4`)
    const bytes = mp4(encoded, WIDTH, HEIGHT, FPS)
    fs.writeFileSync(file, bytes)
    total += bytes.length
    console.log(`${path.relative(process.cwd(), file)}: ${clip.seconds} s, ${bytes.length} bytes`)
  }
  console.log(`${CLIPS.length} clips, ${total} bytes in ${OUT}`)
} finally {
  await browser.close()
  server.close()
}
