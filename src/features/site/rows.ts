/** Label and value rows with the values the configuration has (a missing one leaves no empty row). */
export function presentRows(rows: Array<[label: string, value: string | null]>): Array<readonly [string, string]> {
  return rows.flatMap(([label, value]) => (value ? [[label, value] as const] : []))
}
