//! A package's pictures in the core: taken from a ChGK package when the
//! game accepts it (each new hash an [`Event::Media`], so the store keeps
//! its bytes), kept by hash for the projectors, and which of them the
//! projector shows now. What a projector has already been sent is the
//! driver's to remember; what a picture looks like is nobody's here.

use std::sync::Arc;

use minuta_shared::packages::media::{MediaFile, MediaHash, MediaKind};
use minuta_shared::packages::parse_package_with;
use minuta_shared::play::chgk::ChgkCommand;
use minuta_shared::play::games::{GameCommand, GameState};

use super::{Core, Event};

/// A stored picture: its kind and bytes, shared by every send.
#[derive(Clone, Debug)]
pub struct StoredMedia {
    pub kind: MediaKind,
    pub bytes: Arc<Vec<u8>>,
}

impl Core {
    /// The pictures a ChGK package brings, read before the game decides
    /// (which consumes the command); empty for any other command and for a
    /// package the game will refuse anyway.
    pub(super) fn package_media(command: &GameCommand) -> Vec<MediaFile> {
        let GameCommand::Chgk(ChgkCommand::LoadPackage {
            file_name,
            bytes,
            pictures,
        }) = command
        else {
            return Vec::new();
        };
        parse_package_with(file_name, bytes, None, pictures)
            .map(|package| package.media)
            .unwrap_or_default()
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
            .filter_map(|slot| match &slot.state {
                GameState::Chgk(chgk) => {
                    let shown = chgk.picture_shown?;
                    let question = chgk.question(shown.question).ok()?;
                    let media = question.content.media.get(shown.index as usize)?;
                    Some(media.hash.clone())
                }
                _ => None,
            })
            .collect()
    }
}
