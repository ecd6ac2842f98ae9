//! The last table header matched to a derived type, read again by bytes.
//!
//! A sequence of records nested in other records (a player's inventory,
//! a column of such sequences) is one table per parent, each with the same
//! key array. Inside a stringref namespace those keys are references, so
//! the header never equals the type's constant and every table matched its
//! keys one by one, through the string table. When a key array's bytes
//! equal those of the last one matched in order, with nothing registered
//! and under the same string table generation, they resolve to the same
//! keys, and the match is taken as it was.

use super::Reader;

/// A key array that matched a type's fields in order, registering nothing.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct HeaderMemo {
    /// The address of the type's header constant; 0 when nothing is held.
    shape: usize,
    /// Where the keys' bytes start (after the array's head), and their
    /// length.
    start: usize,
    len: usize,
    /// The number of keys.
    keys: u64,
    /// The string table's generation while they were read.
    generation: u64,
    /// Stringrefs among them, counted again on a replay.
    references: u64,
}

/// The reader's state before a key array is matched, for
/// [`Reader::remember_header`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct HeaderMark {
    start: usize,
    entries: usize,
    references: u64,
    generation: u64,
}

impl Reader<'_> {
    /// Notes where the keys of an array just opened start.
    #[inline]
    pub(crate) fn header_mark(&self) -> HeaderMark {
        HeaderMark {
            start: self.pos,
            entries: self.strings.entries(),
            references: self.references,
            generation: self.strings.generation(),
        }
    }

    /// Remembers the `keys` keys read since `mark` as a match of the type
    /// whose header constant is `header`, unless reading them registered
    /// a string (a replay would not) or changed the table's generation.
    #[inline]
    pub(crate) fn remember_header(&mut self, header: &'static [u8], keys: u64, mark: HeaderMark) {
        if self.strings.entries() != mark.entries || self.strings.generation() != mark.generation {
            return;
        }
        self.header_memo = HeaderMemo {
            shape: header.as_ptr() as usize,
            start: mark.start,
            len: self.pos - mark.start,
            keys,
            generation: mark.generation,
            references: self.references - mark.references,
        };
    }

    /// Consumes the `keys` keys at the reader when they are, byte for
    /// byte, the last ones remembered for `header`'s type under the current
    /// generation; consumes nothing otherwise.
    #[inline]
    pub(crate) fn replay_header(&mut self, header: &'static [u8], keys: Option<u64>) -> bool {
        let memo = self.header_memo;
        if memo.shape != header.as_ptr() as usize
            || Some(memo.keys) != keys
            || memo.generation != self.strings.generation()
        {
            return false;
        }
        let input = self.input;
        let (Some(now), Some(then)) = (
            input.get(self.pos..self.pos + memo.len),
            input.get(memo.start..memo.start + memo.len),
        ) else {
            return false;
        };
        if now != then {
            return false;
        }
        self.pos += memo.len;
        self.references += memo.references;
        true
    }
}
