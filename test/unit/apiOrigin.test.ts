import { apiOriginFor, LOCAL_API_ORIGIN } from '../../config/apiOrigin'

describe('the API origin a build calls', () => {
  it('H5 calls its own origin', () => expect(apiOriginFor('h5', { NODE_ENV: 'production' })).toBe(''))

  it('a development mini-program build defaults to the local server', () => {
    expect(apiOriginFor('weapp', { NODE_ENV: 'development' })).toBe(LOCAL_API_ORIGIN)
    expect(apiOriginFor('swan', {})).toBe(LOCAL_API_ORIGIN)
  })

  it.each(['weapp', 'swan'])('a production %s build without ALFA_API_ORIGIN fails and says what to set', (target) => {
    expect(() => apiOriginFor(target, { NODE_ENV: 'production' })).toThrow(
      new RegExp(`ALFA_API_ORIGIN is not set[\\s\\S]*npm run build:${target}:local`),
    )
    expect(() => apiOriginFor(target, { NODE_ENV: 'production', ALFA_API_ORIGIN: '  ' })).toThrow(/ALFA_API_ORIGIN is not set/)
  })

  it('takes an https origin, or http on this machine for devtools', () => {
    expect(apiOriginFor('weapp', { NODE_ENV: 'production', ALFA_API_ORIGIN: 'https://api.example.com/' })).toBe('https://api.example.com')
    expect(apiOriginFor('swan', { NODE_ENV: 'production', ALFA_API_ORIGIN: 'http://127.0.0.1:3000' })).toBe('http://127.0.0.1:3000')
  })

  it.each([
    ['http://api.example.com', /only call https/],
    ['api.example.com', /not an absolute URL/],
    ['https://api.example.com/alfa/v1', /origin only/],
  ])('refuses %s', (origin, message) =>
    expect(() => apiOriginFor('weapp', { NODE_ENV: 'production', ALFA_API_ORIGIN: origin })).toThrow(message),
  )
})
