import { execute } from '@/services/graphql'
import { SaveLessonProgressDocument, type LessonPlaceFragment } from '@/services/generated/graphql'
import { hostStorage } from '@/services/storage'
import { user } from '@/services/user'

/** Where a lesson stopped: seconds in, the furthest point reached, played to its end, and when (epoch ms). */
export interface Place {
  position: number
  watched: number
  finished: boolean
  at: number
}

/** This device's places, one storage entry keyed by lesson id. */
export const PLACES_KEY = 'alfa_lesson_places'
/** Lessons remembered on this device; the least recently played are forgotten first. */
export const MAX_PLACES = 200
/** A place this close to the end starts the lesson again. */
export const END_MARGIN_SECOND = 3

const isPlace = (v: unknown): v is Place => {
  const p = v as Place
  return (
    !!p &&
    typeof p === 'object' &&
    [p.position, p.watched, p.at].every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    typeof p.finished === 'boolean'
  )
}

function readPlaces(): Record<string, Place> {
  const raw = hostStorage.get(PLACES_KEY)
  let stored: unknown = raw
  if (typeof raw === 'string') {
    try {
      stored = JSON.parse(raw)
    } catch {
      return {}
    }
  }
  if (!stored || typeof stored !== 'object') return {}
  const out: Record<string, Place> = {}
  for (const [id, place] of Object.entries(stored as Record<string, unknown>)) if (isPlace(place)) out[id] = place
  return out
}

/** Every place kept on this device, by lesson id. */
export const devicePlaces = readPlaces

/** This device's place in a lesson, or null. */
export function devicePlace(lessonId: string): Place | null {
  return readPlaces()[lessonId] ?? null
}

/** Keeps a lesson's place on this device (the furthest point and finished never go back). */
export function keepDevicePlace(lessonId: string, place: Place): Place {
  const places = readPlaces()
  const before = places[lessonId]
  const kept: Place = before
    ? { ...place, watched: Math.max(before.watched, place.watched), finished: before.finished || place.finished }
    : place
  places[lessonId] = kept
  const ids = Object.keys(places)
  if (ids.length > MAX_PLACES) {
    ids.sort((a, b) => places[a].at - places[b].at)
    for (const id of ids.slice(0, ids.length - MAX_PLACES)) delete places[id]
  }
  hostStorage.set(PLACES_KEY, JSON.stringify(places))
  return kept
}

/** The server's place (signed in) as a Place. */
export function serverPlace(progress: LessonPlaceFragment | null | undefined): Place | null {
  if (!progress) return null
  const at = Date.parse(progress.updatedAt)
  return {
    position: progress.positionSecond,
    watched: progress.watchedSecond,
    finished: progress.finished,
    at: Number.isFinite(at) ? at : 0,
  }
}

/** One place from this device's and the server's: the newer position, the furthest point, finished if either is. */
export function mergePlaces(device: Place | null, server: Place | null): Place | null {
  if (!device || !server) return device ?? server
  const newer = server.at > device.at ? server : device
  return {
    position: newer.position,
    watched: Math.max(device.watched, server.watched),
    finished: device.finished || server.finished,
    at: newer.at,
  }
}

/** Where to start a lesson of `duration` seconds: where it stopped, or the start when it stopped at the end. */
export function resumeAt(place: Place | null, duration: number): number {
  if (!place || place.position <= 0) return 0
  if (duration > 0 && place.position >= duration - END_MARGIN_SECOND) return 0
  return Math.floor(place.position)
}

/** How much of a lesson was watched, 0 to 100 (100 only once it was played to its end). */
export function watchedPercent(place: Place | null, duration: number): number {
  if (!place) return 0
  if (place.finished) return 100
  if (duration <= 0) return 0
  return Math.min(99, Math.floor((place.watched / duration) * 100))
}

/** The lesson row's progress words: 已学完, 已学 n%, or 未学. */
export function progressText(place: Place | null, duration: number): string {
  const percent = watchedPercent(place, duration)
  if (percent === 100) return '已学完'
  return percent > 0 ? `已学 ${percent}%` : '未学'
}

/** Sends a place to the server for the signed-in user (anonymous: this device only); a failure only keeps it local. */
export function sendPlace(lessonId: string, place: Place): Promise<void> {
  if (!user.token) return Promise.resolve()
  return execute(SaveLessonProgressDocument, {
    lessonId,
    positionSecond: Math.max(0, Math.round(place.position * 10) / 10),
    finished: place.finished,
  }).then(
    () => undefined,
    () => undefined,
  )
}
