/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF, optional UTF-8 BOM) into records keyed by the header row. */
export function parseCsv(text: string): Array<{ line: number; record: Record<string, string> }> {
  const rows: Array<{ line: number; cells: string[] }> = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let rowLine = 1
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  for (let i = 0; i < src.length; i++) {
    const c = src[i]
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else {
        if (c === '\n') line++
        cell += c
      }
    } else if (c === '"' && cell === '') quoted = true
    else if (c === ',') {
      cells.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++
      cells.push(cell)
      if (cells.some((x) => x !== '')) rows.push({ line: rowLine, cells })
      cells = []
      cell = ''
      line++
      rowLine = line
    } else cell += c
  }
  if (quoted) throw new Error(`unterminated quoted field starting on line ${rowLine}`)
  cells.push(cell)
  if (cells.some((x) => x !== '')) rows.push({ line: rowLine, cells })
  if (!rows.length) return []
  const header = rows[0].cells.map((h) => h.trim())
  return rows.slice(1).map(({ line: l, cells: cs }) => ({ line: l, record: Object.fromEntries(header.map((h, i) => [h, (cs[i] ?? '').trim()])) }))
}
