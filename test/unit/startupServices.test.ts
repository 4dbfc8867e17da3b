import { inStartupChunk, SERVICES_CHUNK, shareStartupModules, STARTUP_CHUNK } from '../../config/plugins/startup-services'

/** config/plugins/startup-services.ts: the start-up chunk's modules go to one shared chunk, Taro's groups kept. */
describe('H5 build: the start-up modules in one shared chunk', () => {
  const graph = (chunks: Record<string, string[]>) => ({
    chunkGraph: { getModuleChunks: (m: { resource?: string }) => (chunks[m.resource ?? ''] ?? []).map((name) => ({ name })) },
  })

  it('takes a module the start-up chunk holds, not the start-up entry itself nor a page-only module', () => {
    const g = graph({
      '/src/services/tracking.ts': [STARTUP_CHUNK, 'pages-fund'],
      '/src/services/startup.ts': [STARTUP_CHUNK],
      '/src/features/fund/FundHead.tsx': ['pages-fund'],
    })
    expect(inStartupChunk({ resource: '/src/services/tracking.ts' }, g)).toBe(true)
    expect(inStartupChunk({ resource: '/src/services/startup.ts' }, g)).toBe(false)
    expect(inStartupChunk({ resource: '/src/features/fund/FundHead.tsx' }, g)).toBe(false)
    expect(inStartupChunk({}, g)).toBe(false)
  })

  it('adds its cache group to the split settings Taro set, keeping Taro’s groups and options', () => {
    let split: Record<string, unknown> = { chunks: 'initial', minSize: 0, cacheGroups: { taro: { priority: 100 } } }
    shareStartupModules({
      optimization: { get: () => split, splitChunks: (value: object) => (split = value as Record<string, unknown>) },
    })
    expect(split.chunks).toBe('initial')
    expect(split.minSize).toBe(0)
    const groups = split.cacheGroups as Record<string, Record<string, unknown>>
    expect(groups.taro).toEqual({ priority: 100 })
    expect(groups[SERVICES_CHUNK]).toMatchObject({ name: SERVICES_CHUNK, chunks: 'async', test: inStartupChunk, enforce: true })
  })
})
