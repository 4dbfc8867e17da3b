export interface CsvTable {
  /** The header row's names, trimmed. */
  header: string[]
  /** Data rows keyed by the header, with the line each starts on (the header is line 1). */
  rows: Array<{ line: number; record: Record<string, string> }>
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF, optional UTF-8 BOM) into records keyed by the header row. */
export function parseCsv(text: string): CsvTable['rows'] {
  return parseCsvTable(text).rows
}

/** parseCsv with the header row. */
export function parseCsvTable(text: string): CsvTable {
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
  if (!rows.length) return { header: [], rows: [] }
  const header = rows[0].cells.map((h) => h.trim())
  return {
    header,
    rows: rows
      .slice(1)
      .map(({ line: l, cells: cs }) => ({ line: l, record: Object.fromEntries(header.map((h, i) => [h, (cs[i] ?? '').trim()])) })),
  }
}
