import { mountComponent } from '../support/render'
import { SignedRate } from '@/components/Figure'

const mount = async (ui: () => JSX.Element) => (await mountComponent(ui)).container

afterEach(() => {
  document.body.innerHTML = ''
})

describe('a signed rate on screen (components/Figure SignedRate)', () => {
  it.each([
    ['-0.00001', '0.00%', 'flat'],
    ['0.00001', '0.00%', 'flat'],
    ['-0.00005', '-0.01%', 'down'],
    ['0.0123', '+1.23%', 'up'],
    [null, '--', 'flat'],
  ] as const)('%p shows %s in the %s tone', async (value, text, tone) => {
    const container = await mount(() => <SignedRate value={value} />)
    const figure = container.querySelector('.alfa-num') as HTMLElement
    expect(figure.textContent).toBe(text)
    expect(figure.className).toContain(`alfa-num--${tone}`)
    expect(figure.className).not.toMatch(new RegExp(`alfa-num--(?!${tone})(up|down|flat)`))
  })
})
