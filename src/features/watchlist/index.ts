// The watchlist (自选) feature: what page shells and other features may use.
export { PickButton } from './pick/PickButton'
export { PickStore, pickStore, PICK_ADDED_TEXT, PICK_REMOVED_TEXT, type PickStoreDeps } from './pick/pickStore'
export { Favourites } from './favourites/Favourites'
export { FavouritesManage } from './manage/FavouritesManage'
export { groupStore, GroupStore, applyChange, type GroupStoreDeps, type WatchGroup } from './groups/groupStore'
