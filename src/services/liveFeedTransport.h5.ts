import { createSign } from '@alfa/common/sign'
import { stringifyQuery } from '@/utils/url'
import { brokerOf } from './brand'
import { serverNow } from './clock'
import { parseFeedEvent, type FeedTransport } from './liveFeedEvents'
import { apiUrl } from './request'

/**
 * The stream's server-sent events. EventSource cannot set headers, so x-sign and x-broker travel
 * in the query, signed afresh for every connection (a sign is good for five minutes only).
 */
export function streamUrl(liveId: string, lastEventId: string | null, now: number = serverNow()): string {
  const query = stringifyQuery({ 'x-sign': createSign(now), 'x-broker': brokerOf(), lastEventId })
  return `${apiUrl(`/live/${encodeURIComponent(liveId)}/stream`)}?${query}`
}

/**
 * H5: an EventSource per connection. Its own reconnection is turned off (closed on the first
 * error): it would reuse the first url, whose sign expires, and stops for good on an HTTP error;
 * services/liveFeed.ts reconnects instead, resuming from the last id.
 */
export const defaultFeedTransport: FeedTransport = ({ liveId, lastEventId }, handlers) => {
  const source = new EventSource(streamUrl(liveId, lastEventId))
  source.onopen = () => handlers.onOpen()
  source.addEventListener('comment', (e) => {
    let comment: unknown
    try {
      comment = JSON.parse((e as MessageEvent<string>).data)
    } catch {
      return
    }
    const event = parseFeedEvent({ type: 'comment', comment })
    if (event) handlers.onEvent(event)
  })
  source.addEventListener('removed', (e) => {
    const event = parseFeedEvent({ ...(safeJson((e as MessageEvent<string>).data) as object), type: 'removed' })
    if (event) handlers.onEvent(event)
  })
  source.onerror = () => {
    source.close()
    handlers.onDrop('event stream error')
  }
  return { close: () => source.close() }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
