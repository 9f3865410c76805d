package syncer

import (
	"context"
	"encoding/json"
	"fmt"

	"hrdesk/store"
)

// placedKey is the sync_meta key of the folders the cached resumes were
// last placed against.
const placedKey = "user_folders_placed"

// placedVersion changes when the rule that places resumes does, so that a
// cache placed by an older hrdesk is placed again once (issue 28 §1).
const placedVersion = 2

// PlaceCached places the cached resumes in user folders by the moves their
// histories hold, when folders differ from those the cache was last placed
// against (folders configured after the first sync, a renamed one, a newer
// rule): the cache already holds the events, so no request is made. Cheap
// when nothing changed: one read.
func PlaceCached(ctx context.Context, st *store.Store, folders []UserFolder) error {
	key, err := json.Marshal(struct {
		Version int
		Folders []UserFolder
	}{placedVersion, folders})
	if err != nil {
		return fmt.Errorf("user folders: %w", err)
	}
	if got, ok, err := st.SyncMeta(ctx, placedKey); err != nil {
		return err
	} else if ok && got == string(key) {
		return nil
	}
	moves, err := st.NewestMoves(ctx)
	if err != nil {
		return err
	}
	places := make([]store.Placement, 0, len(moves))
	for _, m := range moves {
		places = append(places, store.Placement{ResumeID: m.ResumeID, Folder: userFolderOf(m.Move, folders), At: m.Move.DateEvent})
	}
	if err := st.PlaceUserFolders(ctx, places); err != nil {
		return err
	}
	return st.SetSyncMeta(ctx, placedKey, string(key))
}
