//! A package's pictures in the core: taken from a package when its game
//! accepts it (the format says which commands bring pictures; each new
//! hash an [`Event::Media`], so the store keeps its bytes), kept by hash
//! for the projectors, and which of them the projector shows now. What a projector has already been sent is the
//! driver's to remember; what a picture looks like is nobody's here.

use std::sync::Arc;

use minuta_shared::packages::media::{MediaFile, MediaHash, MediaKind};
use minuta_shared::play::games::GameCommand;

use super::{Core, Event};

/// A stored picture: its kind and bytes, shared by every send.
#[derive(Clone, Debug)]
pub struct StoredMedia {
    pub kind: MediaKind,
    pub bytes: Arc<Vec<u8>>,
}

impl Core {
    /// The pictures a command brings (a package's), read before the game
    /// decides (which consumes the command).
    pub(super) fn package_media(command: &GameCommand) -> Vec<MediaFile> {
        command.media()
    }

    /// The events that store the pictures the server does not have yet,
    /// each hash once.
    pub(super) fn media_events(&self, files: Vec<MediaFile>) -> Vec<Event> {
        let mut seen = std::collections::BTreeSet::new();
        files
            .into_iter()
            .filter(|f| !self.media.contains_key(&f.hash) && seen.insert(f.hash.clone()))
            .map(|f| Event::Media {
                hash: f.hash,
                kind: f.kind,
                bytes: Arc::new(f.bytes),
            })
            .collect()
    }

    pub(super) fn keep_media(&mut self, hash: &MediaHash, kind: MediaKind, bytes: &Arc<Vec<u8>>) {
        let stored = StoredMedia {
            kind,
            bytes: Arc::clone(bytes),
        };
        self.media.insert(hash.clone(), stored);
    }

    /// A stored picture, with its bytes, to send to a projector.
    pub fn media_file(&self, hash: &MediaHash) -> Option<MediaFile> {
        let stored = self.media.get(hash)?;
        Some(MediaFile {
            hash: hash.clone(),
            kind: stored.kind,
            bytes: stored.bytes.as_ref().clone(),
        })
    }

    /// The pictures the projector's view shows now: the only ones whose
    /// bytes may leave the server.
    pub fn display_pictures(&self) -> Vec<MediaHash> {
        self.games
            .values()
            .flat_map(|slot| slot.state.shown_media())
            .collect()
    }
}
