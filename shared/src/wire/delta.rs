//! A view as a patch of the last one: the encoded bytes of the new view as
//! copies of the old view's bytes and inserted bytes (issue 16). Pure: the
//! views themselves are built by one code path and encoded as ever; this
//! only finds what the new encoding shares with the old, so a patch can
//! never show something the whole view would not.
//!
//! Matching: the old bytes are indexed by a hash of every block of
//! [`BLOCK`] bytes at a multiple of [`BLOCK`]; the new bytes are scanned
//! with a rolling hash at every offset, so a row inserted or removed shifts
//! nothing else. A match is verified byte by byte and grown both ways.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Bytes per indexed block of the old view: shorter finds more matches in
/// small views, longer keeps the index of a large view small.
const BLOCK: usize = 16;

/// One step of rebuilding the new bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeltaOp {
    /// `len` bytes of the old view from `from`.
    Copy { from: u32, len: u32 },
    /// Bytes that are new.
    Insert(Vec<u8>),
}

/// The new bytes as steps over the old ones, with the new length and a
/// checksum of the whole, so a patch applied to the wrong base is caught.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewDelta {
    /// The envelope sequence number of the frame whose view this patches.
    pub base: u64,
    pub len: u32,
    pub checksum: u64,
    pub ops: Vec<DeltaOp>,
}

/// Why a patch does not rebuild a view: the receiver asks for a whole one.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum DeltaError {
    #[error("the patch copies bytes {from}..{end} of a view of {len} bytes")]
    OutOfBase { from: u64, end: u64, len: usize },
    #[error("the patch makes {got} bytes, it announced {announced}")]
    Length { got: usize, announced: u32 },
    #[error("the patched view's checksum does not match")]
    Checksum,
}

/// FNV-1a over 64 bits: enough to catch a patch applied to the wrong
/// bytes; nobody gains anything by forging one (the stream is TLS).
/// Taken eight bytes at a time: a host view of a hall of 10,000 teams is
/// about two megabytes, checked on every patch.
pub fn checksum(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let words = bytes.chunks_exact(8);
    let tail = words.remainder();
    let h = words.fold(0xcbf2_9ce4_8422_2325, |h, w| {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        (h ^ u64::from_le_bytes(word)).wrapping_mul(PRIME)
    });
    tail.iter()
        .fold(h, |h, b| (h ^ u64::from(*b)).wrapping_mul(PRIME))
}

/// Multiplier of the rolling hash (odd, so no bit is lost).
const ROLL: u64 = 0x100_0000_01b3;

fn block_hash(block: &[u8]) -> u64 {
    block.iter().fold(0u64, |h, b| {
        h.wrapping_mul(ROLL).wrapping_add(u64::from(*b))
    })
}

/// The steps that turn `old` into `new`. Views are far below 4 GiB (a
/// frame is at most 16 MiB), so offsets fit a `u32`. What the two share at
/// their start and end is taken first, at memory speed: a join or a card
/// changes a few rows, and only the bytes between the first and the last
/// change are indexed and scanned.
pub fn diff(old: &[u8], new: &[u8]) -> Vec<DeltaOp> {
    let prefix = common_prefix(old, new);
    let suffix = common_suffix(&old[prefix..], &new[prefix..]);
    let mut ops = Vec::new();
    if prefix > 0 {
        push_copy(&mut ops, 0, prefix);
    }
    diff_between(
        &old[prefix..old.len() - suffix],
        &new[prefix..new.len() - suffix],
        prefix,
        &mut ops,
    );
    if suffix > 0 {
        push_copy(&mut ops, old.len() - suffix, suffix);
    }
    ops
}

/// How many leading bytes `a` and `b` share, compared eight at a time.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let words = a
        .chunks_exact(8)
        .zip(b.chunks_exact(8))
        .take_while(|(x, y)| x == y)
        .count();
    let at = words * 8;
    at + a[at..]
        .iter()
        .zip(&b[at..])
        .take_while(|(x, y)| x == y)
        .count()
}

/// How many trailing bytes `a` and `b` share.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    let words = a
        .rchunks_exact(8)
        .zip(b.rchunks_exact(8))
        .take_while(|(x, y)| x == y)
        .count();
    let at = words * 8;
    at + a[..a.len() - at]
        .iter()
        .rev()
        .zip(b[..b.len() - at].iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// Appends the steps that turn `old` into `new`, where `old` begins at
/// `offset` of the whole old bytes.
fn diff_between(old: &[u8], new: &[u8], offset: usize, ops: &mut Vec<DeltaOp>) {
    let index = Index::of(old);
    // ROLL^(BLOCK-1): the weight of the byte leaving the window.
    let leaving = (1..BLOCK).fold(1u64, |p, _| p.wrapping_mul(ROLL));
    let mut pending = 0; // start of bytes not yet emitted
    let mut at = 0;
    let mut hash = new.get(..BLOCK).map(block_hash);
    while let Some(h) = hash {
        let found = index
            .get(h)
            .filter(|&from| old.get(from..from + BLOCK) == new.get(at..at + BLOCK));
        if let Some(mut from) = found {
            let mut start = at;
            // Grow back over bytes not emitted yet, then forward.
            while start > pending && from > 0 && old[from - 1] == new[start - 1] {
                start -= 1;
                from -= 1;
            }
            let grown = at + BLOCK - start;
            let len = grown + common_prefix(&old[from + grown..], &new[start + grown..]);
            if start > pending {
                ops.push(DeltaOp::Insert(new[pending..start].to_vec()));
            }
            push_copy(ops, offset + from, len);
            pending = start + len;
            at = pending;
            hash = new.get(at..at + BLOCK).map(block_hash);
            continue;
        }
        let Some(&next) = new.get(at + BLOCK) else {
            break;
        };
        let out = u64::from(new[at]).wrapping_mul(leaving);
        hash = Some(
            h.wrapping_sub(out)
                .wrapping_mul(ROLL)
                .wrapping_add(u64::from(next)),
        );
        at += 1;
    }
    if pending < new.len() {
        ops.push(DeltaOp::Insert(new[pending..].to_vec()));
    }
}

/// Where each block of the old bytes begins, by its hash: an open table
/// of twice as many slots as blocks, the first block of a slot kept (a
/// block lost to a collision is only a missed match; every match is
/// verified). Far cheaper than a general map for two megabytes of view.
struct Index {
    slots: Vec<u32>,
    mask: u64,
}

impl Index {
    const EMPTY: u32 = u32::MAX;

    fn of(old: &[u8]) -> Index {
        let blocks = old.len() / BLOCK;
        let size = (blocks * 2).next_power_of_two().max(1);
        let mut index = Index {
            slots: vec![Self::EMPTY; size],
            mask: size as u64 - 1,
        };
        for (i, block) in old.chunks_exact(BLOCK).enumerate() {
            let slot = index.slot(block_hash(block));
            if index.slots[slot] == Self::EMPTY {
                index.slots[slot] = (i * BLOCK) as u32;
            }
        }
        index
    }

    fn slot(&self, hash: u64) -> usize {
        // The high bits mix every byte of the block; the low ones mostly the last.
        ((hash.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) & self.mask) as usize
    }

    fn get(&self, hash: u64) -> Option<usize> {
        let at = self.slots[self.slot(hash)];
        (at != Self::EMPTY).then_some(at as usize)
    }
}

/// Adds a copy, joining it to the previous one when they are contiguous.
fn push_copy(ops: &mut Vec<DeltaOp>, from: usize, len: usize) {
    if let Some(DeltaOp::Copy { from: f, len: l }) = ops.last_mut()
        && *f as usize + *l as usize == from
    {
        *l += len as u32;
        return;
    }
    ops.push(DeltaOp::Copy {
        from: from as u32,
        len: len as u32,
    });
}

/// A patch from `old` to `new`, based on the frame numbered `base`.
pub fn delta(base: u64, old: &[u8], new: &[u8]) -> ViewDelta {
    ViewDelta {
        base,
        len: new.len() as u32,
        checksum: checksum(new),
        ops: diff(old, new),
    }
}

/// Rebuilds the new bytes from `old`; every copy is checked against `old`'s
/// length, the result against the announced length and checksum, and
/// nothing larger than the announced length is ever allocated.
pub fn apply(old: &[u8], delta: &ViewDelta) -> Result<Vec<u8>, DeltaError> {
    let announced = delta.len as usize;
    let mut new = Vec::with_capacity(announced.min(super::codec::MAX_SERVER_FRAME_BYTES));
    for op in &delta.ops {
        match op {
            DeltaOp::Copy { from, len } => {
                let (from, end) = (u64::from(*from), u64::from(*from) + u64::from(*len));
                let bytes = old
                    .get(from as usize..end as usize)
                    .ok_or(DeltaError::OutOfBase {
                        from,
                        end,
                        len: old.len(),
                    })?;
                new.extend_from_slice(bytes);
            }
            DeltaOp::Insert(bytes) => new.extend_from_slice(bytes),
        }
        if new.len() > announced {
            return Err(DeltaError::Length {
                got: new.len(),
                announced: delta.len,
            });
        }
    }
    if new.len() != announced {
        return Err(DeltaError::Length {
            got: new.len(),
            announced: delta.len,
        });
    }
    if checksum(&new) != delta.checksum {
        return Err(DeltaError::Checksum);
    }
    Ok(new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn inserted(ops: &[DeltaOp]) -> usize {
        ops.iter()
            .map(|op| match op {
                DeltaOp::Insert(b) => b.len(),
                DeltaOp::Copy { .. } => 0,
            })
            .sum()
    }

    #[test]
    fn a_row_inserted_in_the_middle_costs_about_the_row() {
        let old: Vec<u8> = (0..4000u32)
            .flat_map(|i| (i * 7919).to_le_bytes())
            .collect();
        let mut new = old.clone();
        new.splice(8000..8000, b"a new team, Town".iter().copied());
        let d = delta(1, &old, &new);
        assert_eq!(apply(&old, &d), Ok(new));
        assert!(inserted(&d.ops) <= 16 + BLOCK, "{:?}", d.ops.len());
        assert!(d.ops.len() <= 3, "{:?}", d.ops);
    }

    #[test]
    fn a_patch_on_the_wrong_base_is_caught() {
        let old: Vec<u8> = (0..100).collect();
        let mut new = old.clone();
        new[50] = 0;
        let d = delta(1, &old, &new);
        let mut other = old.clone();
        other[3] = 0;
        assert!(apply(&other, &d).is_err());
        assert!(matches!(
            apply(&[], &d),
            Err(DeltaError::OutOfBase { .. } | DeltaError::Checksum)
        ));
    }

    #[test]
    fn a_patch_announcing_less_than_it_makes_is_refused() {
        let d = ViewDelta {
            base: 0,
            len: 2,
            checksum: 0,
            ops: vec![DeltaOp::Insert(vec![0; 1 << 20])],
        };
        assert!(matches!(apply(&[], &d), Err(DeltaError::Length { .. })));
    }

    proptest! {
        #[test]
        fn applying_the_patch_to_the_old_bytes_gives_the_new(
            old in proptest::collection::vec(any::<u8>(), 0..600),
            new in proptest::collection::vec(any::<u8>(), 0..600),
        ) {
            let d = delta(3, &old, &new);
            prop_assert_eq!(apply(&old, &d), Ok(new));
        }

        #[test]
        fn edits_of_a_long_buffer_are_rebuilt(
            old in proptest::collection::vec(0u8..4, 0..3000),
            edits in proptest::collection::vec((any::<prop::sample::Index>(), 0usize..40, proptest::collection::vec(any::<u8>(), 0..40)), 0..6),
        ) {
            let mut new = old.clone();
            for (at, cut, put) in edits {
                let at = if new.is_empty() { 0 } else { at.index(new.len()) };
                let end = (at + cut).min(new.len());
                new.splice(at..end, put);
            }
            let d = delta(3, &old, &new);
            prop_assert_eq!(apply(&old, &d), Ok(new));
        }
    }
}
