import { startServices } from '@/services/startup'
import { tracker } from '@/services/tracking'
import { brokerOf } from '@/services/brand'

describe('start-up applies the url tracking ids, configuration and the token load once', () => {
  it('reads anonymous_id from the address, removes it, and resolves without a token', async () => {
    window.history.replaceState(null, '', '/pages/home/index?anonymous_id=START1&x=2')
    const first = startServices({ mainHosts: ['localhost', 'm.alfa.example'] })
    expect(startServices()).toBe(first)
    await expect(first).resolves.toBeNull()
    expect(tracker.anonymousId).toBe('START1')
    expect(window.location.search).toBe('?x=2')
    expect(brokerOf('m.alfa.example')).toBe('0008')
  })
})

describe('start-up turns the partner-embed mode on from the address', () => {
  it('embed=sdic&utm_source=sdic_taikang at start-up: the mode is on for the session', async () => {
    jest.resetModules()
    window.history.replaceState(null, '', '/alfa/fund/000001?embed=sdic&utm_source=sdic_taikang')
    const fresh = await import('@/services/startup')
    const brand = await import('@/services/brand')
    await fresh.startServices()
    expect(brand.partnerCode()).toBe('sdic-taikang')
  })
})
