let last = 0

/**
 * The next number of one app-wide count: what happened later has the larger number (when an
 * answer was asked, when a toggle began). Ordering, not time: two events in the same millisecond
 * still compare, and a changed device clock does not matter.
 */
export function nextOrder(): number {
  last += 1
  return last
}
