/** The text rules of an article file of the content import (content.ts): its front matter's layout and its publication time. */

/**
 * A time an article was published: `yyyy-MM-dd`, `yyyy-MM-dd HH:mm[:ss]` (Shanghai time) or
 * ISO 8601 with an offset (`2026-11-20T09:30:00+08:00`, `…Z`). Answers the ISO text or null.
 */
export function publishedAt(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?)?$/.exec(value.trim())
  if (!m) return null
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone = '+08:00'] = m
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  if (day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return null
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`
}

/** The front matter's keys with the file line each is on and its text as written, and the line the body starts on. */
export function frontMatterLines(source: string): { keys: Map<string, { line: number; raw: string }>; bodyLine: number } | null {
  const lines = source.split(/\r?\n/)
  if ((lines[0] ?? '').replace(/^\uFEFF/, '').trim() !== '---') return null
  const keys = new Map<string, { line: number; raw: string }>()
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === '---') return { keys, bodyLine: i + 2 }
    const m = /^([A-Za-z_][\w-]*)[ \t]*:(.*)$/.exec(lines[i])
    if (m && !keys.has(m[1])) keys.set(m[1], { line: i + 1, raw: m[2].trim().replace(/^(['"])(.*)\1$/, '$2') })
  }
  return null
}
