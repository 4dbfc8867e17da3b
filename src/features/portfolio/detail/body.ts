// The mini-programs: the strategy detail's body in the page's own package (no second request).
export { default as DetailBody } from './DetailBody'
