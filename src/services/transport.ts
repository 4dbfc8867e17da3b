import Taro from '@tarojs/taro'
import type { Transport } from './request'

/** Mini-programs: Taro.request (wx.request, swan.request). H5 has transport.h5.ts. */
export const defaultTransport: Transport = async ({ url, method, data, header, dataType = 'json' }) => {
  const res = await Taro.request({ url, method, data: data as never, header, dataType, responseType: 'text' })
  return { statusCode: res.statusCode, data: res.data, header: res.header ?? {} }
}
