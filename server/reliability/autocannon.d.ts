// The part of autocannon 8's programmatic API the load test uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number
    mean: number
    max: number
    min: number
    total: number
    p50: number
    p90: number
    p99: number
  }
  interface Request {
    method?: string
    path?: string
    body?: string
    headers?: Record<string, string>
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | null
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    timeout?: number
    headers?: Record<string, string>
    requests?: Request[]
    verifyBody?: (body: string) => boolean
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    mismatches: number
    non2xx: number
    '2xx': number
    duration: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
