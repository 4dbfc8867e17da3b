const CHINESE = /[\u4e00-\u9fff]/

/**
 * What a user reads for a failed call: the server's message when it is written for users
 * (Chinese), otherwise a Chinese sentence for the status — never "HTTP 500" or an English
 * developer message such as 'Route not found'.
 */
export function userMessage(status: number, msg: string | null | undefined): string {
  if (msg && CHINESE.test(msg)) return msg
  if (status === 404) return '请求的内容不存在'
  if (status === 413) return '请求内容过大'
  if (status === 429) return '操作太频繁，请稍后再试'
  if (status >= 500) return '服务器开小差了，请稍后再试'
  return '请求出错了，请稍后再试'
}
