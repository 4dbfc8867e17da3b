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
