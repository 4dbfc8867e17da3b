// The watchlist (自选) feature: what page shells and other features may use.
export { PickButton, type PickButtonProps } from './pick/PickButton'
export { PickStore, pickStore, PICK_ADDED_TEXT, PICK_REMOVED_TEXT, type PickToggleResult, type PickStoreDeps } from './pick/pickStore'
export { usePick } from './pick/usePick'
export { Favourites, PERIODS, type PickedFund } from './favourites/Favourites'
export { FavouritesManage } from './manage/FavouritesManage'
