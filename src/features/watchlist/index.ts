export { PickButton, type PickButtonProps } from './PickButton'
export { PickStore, pickStore, PICK_ADDED_TEXT, PICK_REMOVED_TEXT, type PickToggleResult, type PickStoreDeps } from './pickStore'
export { usePick } from './usePick'
export { Favourites, PERIODS, type PickedFund } from './Favourites'
