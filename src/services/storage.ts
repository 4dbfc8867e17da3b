import Taro from '@tarojs/taro'
import { createExpiringStorage, type KeyValueBackend } from '@/utils/expiringStorage'

/** The host's key-value storage (localStorage on H5, the mini-program's storage elsewhere). */
export const hostStorage: KeyValueBackend = {
  get(key) {
    try {
      return Taro.getStorageSync(key)
    } catch {
      return null
    }
  },
  set(key, value) {
    try {
      Taro.setStorageSync(key, value)
    } catch {
      // Storage full or disabled (private mode): the value lives only for this page.
    }
  },
  remove(key) {
    try {
      Taro.removeStorageSync(key)
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
}

/** Auto-expiring values on the host's storage. */
export const expiringStorage = createExpiringStorage(hostStorage)
