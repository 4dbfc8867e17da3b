import fs from 'node:fs'
import path from 'node:path'
import {
  apiOriginFor,
  BuildSettingError,
  DEFAULT_SERVER_PORT,
  DEMO_EXTERNAL_HOSTS,
  externalHostsFor,
  mainHostsFor,
} from '../../config/buildSettings'

describe('the API origin of a build', () => {
  it('a production weapp or swan build without ALFA_API_ORIGIN fails with a clear message', () => {
    for (const target of ['weapp', 'swan'] as const) {
      expect(() => apiOriginFor({ target, nodeEnv: 'production', apiOrigin: undefined })).toThrow(BuildSettingError)
      expect(() => apiOriginFor({ target, nodeEnv: 'production', apiOrigin: '  ' })).toThrow(/ALFA_API_ORIGIN is not set/)
      expect(() => apiOriginFor({ target, nodeEnv: 'production', apiOrigin: '' })).toThrow(new RegExp(`npm run build:${target}`))
    }
  })
  it('a development build defaults to the local server on its default port (or PORT)', () => {
    expect(apiOriginFor({ target: 'weapp', nodeEnv: 'development', apiOrigin: undefined })).toBe(`http://127.0.0.1:${DEFAULT_SERVER_PORT}`)
    expect(apiOriginFor({ target: 'swan', nodeEnv: undefined, apiOrigin: '' })).toBe('http://127.0.0.1:3000')
    expect(apiOriginFor({ target: 'weapp', nodeEnv: 'development', apiOrigin: undefined, port: '4100' })).toBe('http://127.0.0.1:4100')
  })
  it('the given origin is used, checked: absolute http(s), no path', () => {
    expect(apiOriginFor({ target: 'weapp', nodeEnv: 'production', apiOrigin: 'https://api.alfa.example' })).toBe('https://api.alfa.example')
    expect(apiOriginFor({ target: 'weapp', nodeEnv: 'production', apiOrigin: 'https://api.alfa.example/' })).toBe(
      'https://api.alfa.example',
    )
    expect(() => apiOriginFor({ target: 'weapp', nodeEnv: 'production', apiOrigin: 'api.alfa.example' })).toThrow(/absolute/)
    expect(() => apiOriginFor({ target: 'weapp', nodeEnv: 'production', apiOrigin: 'https://api.alfa.example/alfa/v1' })).toThrow(/no path/)
    expect(() => apiOriginFor({ target: 'weapp', nodeEnv: 'production', apiOrigin: 'ftp://api.alfa.example' })).toThrow()
  })
  it('H5 always calls its own origin', () => {
    expect(apiOriginFor({ target: 'h5', nodeEnv: 'production', apiOrigin: undefined })).toBe('')
  })
  it("the default port is the server's", () => {
    const serverConfig = fs.readFileSync(path.join(__dirname, '../../server/src/config.ts'), 'utf8')
    expect(serverConfig).toMatch(new RegExp(`PORT: z\\.coerce\\.number\\(\\)[^\\n]*\\.default\\(${DEFAULT_SERVER_PORT}\\)`))
  })
})

describe('main-brand hosts (ALFA_MAIN_HOSTS)', () => {
  it('defaults to localhost and 127.0.0.1', () => {
    expect(mainHostsFor(undefined)).toEqual(['localhost', '127.0.0.1'])
    expect(mainHostsFor(' ')).toEqual(['localhost', '127.0.0.1'])
  })
  it('a comma-separated list of hosts, optionally with a port', () => {
    expect(mainHostsFor('M.Alfa.Example, preview.alfa.example:8443')).toEqual(['m.alfa.example', 'preview.alfa.example:8443'])
  })
  it('refuses what is not a host', () => {
    expect(() => mainHostsFor('https://m.alfa.example')).toThrow(BuildSettingError)
    expect(() => mainHostsFor('m.alfa.example/path')).toThrow(BuildSettingError)
  })
})

describe('hosts links may open besides the product’s own (ALFA_EXTERNAL_HOSTS)', () => {
  it('defaults to the demo data’s reserved domain and the App Store', () => {
    expect(externalHostsFor(undefined)).toEqual([...DEMO_EXTERNAL_HOSTS])
    expect(DEMO_EXTERNAL_HOSTS).toEqual(['alfa.example', 'apps.apple.com'])
  })
  it('a comma-separated list of host names, lower-case', () => {
    expect(externalHostsFor('Partner.Example, .cdn.partner.example')).toEqual(['partner.example', 'cdn.partner.example'])
  })
  it('refuses urls, ports, paths and single labels', () => {
    for (const bad of ['https://partner.example', 'partner.example:443', 'partner.example/x', 'localhost', 'a..example'])
      expect(() => externalHostsFor(bad)).toThrow(BuildSettingError)
  })
})
