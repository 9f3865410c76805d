package syncer

import "hrdesk/store"

// FolderOfMove is the folder a move (type 110) puts a resume in, as the
// sync places it: a configured folder's id, the site's folder
// (store.SiteFolder), or "" when the move names no folder. `export
// --events` says the folder after each event by it (issue 30 §4).
func FolderOfMove(ev store.Event, folders []UserFolder) string { return userFolderOf(ev, folders) }
