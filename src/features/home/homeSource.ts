/**
 * The mini-programs' home: one REST call, /m4 on the second API (spec section 7), carries every
 * part of the first screen; the GraphQL client stays out of the main package. (H5: homeSource.h5.ts.)
 */
export { loadFeed as loadHome, loadHandPicked, loadPopular } from './homeRest'
