import { Input, View } from '@tarojs/components'
import { useState } from 'react'
import { navigateTo } from '@/services/navigation'
import { DiagnosisReport } from './DiagnosisReport'
import '../../styles/list.scss'
import '../../styles/search.scss'
import './index.scss'

/** Funds offered for a one-tap diagnosis (demo codes that exist in the demo data). */
export const SAMPLE_FUNDS = ['000001', '001932', '003863', '005794', '007725', '011587']

/** A fund code is six digits (whitespace ignored). */
export const normaliseFundCode = (input: string) => input.replace(/\s+/g, '')
export const isFundCode = (code: string) => /^\d{6}$/.test(code)

/** 基金诊断: enter or pick a fund code; the summary shows below, the full report opens on its own screen. */
export function DiagnosisEntry() {
  const [input, setInput] = useState('')
  const [code, setCode] = useState<string | null>(null)
  const [hint, setHint] = useState('')
  const submit = (value: string) => {
    const c = normaliseFundCode(value)
    if (!isFundCode(c)) {
      setHint('请输入6位基金代码')
      return
    }
    setHint('')
    setCode(c)
  }
  return (
    <View className='alfa-diagnosis'>
      <View className='alfa-diagnosis__form'>
        <Input
          className='alfa-search__input'
          type='number'
          maxlength={6}
          value={input}
          placeholder='输入6位基金代码'
          confirmType='search'
          onInput={(e) => setInput(String(e.detail?.value ?? ''))}
          onConfirm={() => submit(input)}
        />
        <View className='alfa-diagnosis__go' role='button' onClick={() => submit(input)}>
          诊断
        </View>
      </View>
      {hint && <View className='alfa-list__sub alfa-search__block'>{hint}</View>}
      <View className='alfa-search__block'>
        <View className='alfa-search__block-head'>试试这些基金</View>
        <View className='alfa-search__chips'>
          {SAMPLE_FUNDS.map((c) => (
            <View
              key={c}
              className='alfa-search__chip'
              role='button'
              onClick={() => {
                setInput(c)
                submit(c)
              }}
            >
              {c}
            </View>
          ))}
        </View>
      </View>
      {code && (
        <View>
          <DiagnosisReport fundCode={code} />
          <View className='alfa-search__block'>
            <View className='alfa-search__chip' role='button' onClick={() => navigateTo('fundDiagnosis', { fundCode: code })}>
              查看完整诊断报告
            </View>
          </View>
        </View>
      )}
    </View>
  )
}
