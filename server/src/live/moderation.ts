/** A comment holding a banned word (spec's enumerated reason ContentBanned). */
export class ContentBanned extends Error {
  readonly code = 'ContentBanned'
  constructor() {
    super('评论含有不允许发布的内容，请修改后再发')
  }
}

/** Characters that hide a word without changing how it reads: white space, zero-width marks, separators. */
const IGNORED = /[\s\u200b-\u200f\u2060\ufeff\u00ad._\-*·•|/\\~]+/g

/** Text as it is compared: full-width forms folded (NFKC), lower case, the ignored characters gone. */
export function normalizeForMatch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(IGNORED, '')
}

/** The configured list (LIVE_BANNED_WORDS): comma-separated, ASCII or Chinese commas or new lines; normalised, blanks dropped. */
export function parseBannedWords(setting: string): string[] {
  return [
    ...new Set(
      setting
        .split(/[,，、\n]/)
        .map(normalizeForMatch)
        .filter(Boolean),
    ),
  ]
}

/** The first banned word the text holds (compared normalised), or null. */
export function bannedWordIn(text: string, words: readonly string[]): string | null {
  if (!words.length) return null
  const plain = normalizeForMatch(text)
  return words.find((w) => plain.includes(w)) ?? null
}
