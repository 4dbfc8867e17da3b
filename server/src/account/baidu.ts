import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * Baidu smart program encrypted data (phone number): AES-192-CBC with the 24-byte session key
 * and 16-byte iv (both base64). The plaintext is framed as 16 random bytes, a 4-byte big-endian
 * length, the JSON data, then the app key; padding is PKCS#7 over 32-byte blocks.
 */
export function decryptBaiduData(encryptedData: string, sessionKey: string, iv: string, appKey: string): string {
  const key = Buffer.from(sessionKey, 'base64')
  const ivBytes = Buffer.from(iv, 'base64')
  if (key.length !== 24) throw new Error('session key must be 24 bytes (base64)')
  if (ivBytes.length !== 16) throw new Error('iv must be 16 bytes (base64)')
  const decipher = createDecipheriv('aes-192-cbc', key, ivBytes)
  decipher.setAutoPadding(false)
  let plain = Buffer.concat([decipher.update(Buffer.from(encryptedData, 'base64')), decipher.final()])
  const pad = plain[plain.length - 1]
  if (pad < 1 || pad > 32 || pad > plain.length) throw new Error('bad padding')
  plain = plain.subarray(0, plain.length - pad)
  if (plain.length < 20) throw new Error('data too short')
  const length = plain.readUInt32BE(16)
  if (20 + length > plain.length) throw new Error('bad length')
  const data = plain.subarray(20, 20 + length).toString('utf8')
  const tail = plain.subarray(20 + length).toString('utf8')
  if (tail !== appKey) throw new Error('app key does not match')
  return data
}

/** The inverse, for tests and tools: what Baidu's server would send. */
export function encryptBaiduData(data: string, sessionKey: string, iv: string, appKey: string): string {
  const body = Buffer.from(data, 'utf8')
  const len = Buffer.alloc(4)
  len.writeUInt32BE(body.length)
  let plain = Buffer.concat([randomBytes(16), len, body, Buffer.from(appKey, 'utf8')])
  const pad = 32 - (plain.length % 32)
  plain = Buffer.concat([plain, Buffer.alloc(pad, pad)])
  const cipher = createCipheriv('aes-192-cbc', Buffer.from(sessionKey, 'base64'), Buffer.from(iv, 'base64'))
  cipher.setAutoPadding(false)
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64')
}
