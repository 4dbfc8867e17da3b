/**
 * API prefixes shared by the app and the API server (spec section 7): a base prefix and a
 * second one, each followed by a version (v1 by default; v2 for the second).
 */
export const API_BASE_PREFIX = '/alfa'
export const API_SECOND_PREFIX = '/alfa-m'
export const API_BASE_VERSION = 'v1'
export const API_SECOND_VERSION = 'v2'

/** `/alfa/v1` and `/alfa-m/v2`. */
export function apiRoot(second = false, version = second ? API_SECOND_VERSION : API_BASE_VERSION): string {
  return `${second ? API_SECOND_PREFIX : API_BASE_PREFIX}/${version}`
}

export const GRAPHQL_PATH = `${apiRoot()}/graphql`

/**
 * The Accept header of every GraphQL request the app sends (spec section 7: multipart/mixed incremental
 * answers are accepted, and JSON). The server answers a document without @defer/@stream as JSON.
 */
export const GRAPHQL_ACCEPT = 'multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json'

/** True for any path under an API prefix and version, known or not. */
export function isApiPath(pathname: string): boolean {
  return /^\/(alfa|alfa-m)\/v\d+(\/|$)/.test(pathname)
}
