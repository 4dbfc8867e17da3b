/**
 * Pages the tests mounted. A page left mounted after its test keeps reacting to the stores (a login
 * reloads it, its answers feed shared stores such as follows): each is unmounted after its test
 * (test/support/freshCache.ts), so no test sees another test's page at work.
 */
const mounted: Array<() => void> = []

export function trackMounted(unmount: () => void): void {
  mounted.push(unmount)
}

export function unmountAll(): void {
  for (const unmount of mounted.splice(0)) {
    try {
      unmount()
    } catch {
      // Already unmounted by its test.
    }
  }
}
