//! Stringref tables (tags 256 and 25): the reader's, which resolves
//! references, and the writer's, which makes them.
//!
//! Both sides apply one admission rule: a literal takes the next index when
//! its payload length in bytes reaches the threshold for that index (3 below
//! 24, 4 below 256, 5 below 65 536, else 7). Byte strings take an index too
//! but are never referenced by our writer.

use alloc::vec::Vec;

/// The minimum payload length for a literal to take index `next`.
#[inline]
pub(crate) fn min_len(next: usize) -> usize {
    match next {
        0..=23 => 3,
        24..=255 => 4,
        256..=65_535 => 5,
        _ => 7,
    }
}

/// One entry of a reader's table: a literal from the input. Text is kept
/// as `str`, validated once when it was read, so a reference to it needs no
/// second check.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Entry<'de> {
    Text(&'de str),
    Bytes(&'de [u8]),
}

impl<'de> Entry<'de> {
    pub fn bytes(self) -> &'de [u8] {
        match self {
            Entry::Text(text) => text.as_bytes(),
            Entry::Bytes(bytes) => bytes,
        }
    }

    pub fn is_text(self) -> bool {
        matches!(self, Entry::Text(_))
    }
}

/// The reader's table: a stack of namespaces over one entry list. Entering a
/// namespace starts an empty table; leaving it restores the enclosing one.
#[derive(Debug, Default)]
pub(crate) struct ReadTable<'de> {
    entries: Vec<Entry<'de>>,
    bases: Vec<usize>,
    /// The innermost namespace's base and whether one is open: copies of
    /// `bases`' last element, read on every key and reference.
    base: usize,
    open: bool,
    /// Whether literals are registered: a namespace is open and the reader
    /// is not reading again what it has read before ([`ReadTable::freeze`]).
    registering: bool,
    frozen: bool,
    /// Changes whenever an index may come to mean another entry or
    /// registration starts or stops: a namespace entered or left, a
    /// snapshot restored, the table frozen or thawed.
    generation: u64,
}

impl<'de> ReadTable<'de> {
    #[inline]
    pub fn active(&self) -> bool {
        self.open
    }

    /// Opens a namespace whose document has `rest` bytes left. The first
    /// one sizes the table from them, a guess of one registered string per
    /// 16 bytes: one allocation instead of a series of doublings, whose
    /// copies and large requests cost more than the strings' own
    /// allocations around them. At most 128 entries (3 KiB), as working
    /// memory beside the output budget stays small (`tests/hostile.rs`).
    pub fn enter(&mut self, rest: usize) {
        let guess = (rest / 16).min(128);
        if self.entries.capacity() == 0 && guess > 4 {
            self.entries.reserve_exact(guess);
        }
        self.bases.push(self.entries.len());
        self.sync();
    }

    pub fn leave(&mut self) {
        if let Some(base) = self.bases.pop() {
            self.entries.truncate(base);
        }
        self.sync();
    }

    fn sync(&mut self) {
        self.generation += 1;
        self.base = self.bases.last().copied().unwrap_or(0);
        self.open = !self.bases.is_empty();
        self.registering = self.open && !self.frozen;
    }

    /// Stops (`true`) or resumes registering literals, returning the
    /// previous setting: an item read a second time (a table header's key,
    /// once per row) was registered the first time.
    pub fn freeze(&mut self, frozen: bool) -> bool {
        let was = self.frozen;
        self.frozen = frozen;
        self.sync();
        was
    }

    #[inline]
    fn base(&self) -> usize {
        self.base
    }

    /// See the field: what a read under one generation resolved, a later
    /// read under the same generation resolves alike.
    #[inline]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The number of entries, of every open namespace.
    #[inline]
    pub fn entries(&self) -> usize {
        self.entries.len()
    }

    /// Registers a text literal read inside the current namespace, if it
    /// qualifies.
    #[inline]
    pub fn register_text(&mut self, text: &'de str) {
        if self.registering && text.len() >= min_len(self.entries.len() - self.base()) {
            self.entries.push(Entry::Text(text));
        }
    }

    /// Registers a byte-string literal, if it qualifies.
    #[inline]
    pub fn register_bytes(&mut self, bytes: &'de [u8]) {
        if self.registering && bytes.len() >= min_len(self.entries.len() - self.base()) {
            self.entries.push(Entry::Bytes(bytes));
        }
    }

    /// Entry `index` of the current namespace.
    #[inline]
    pub fn get(&self, index: u64) -> Option<Entry<'de>> {
        let base = self.base();
        let index = usize::try_from(index).ok()?;
        self.entries.get(base.checked_add(index)?).copied()
    }

    /// The number of namespaces open (saved and restored by speculative
    /// decoders).
    pub fn snapshot(&self) -> (usize, usize) {
        (self.entries.len(), self.bases.len())
    }

    /// Returns to a state taken by [`ReadTable::snapshot`].
    pub fn restore(&mut self, (entries, bases): (usize, usize)) {
        self.entries.truncate(entries);
        self.bases.truncate(bases);
        self.sync();
    }
}

/// The writer's table, reused across items: text is copied into one arena
/// and found again through an open-addressing index of entry numbers, so
/// that after warm-up an encode allocates nothing. A lookup compares the
/// stored 64-bit hash and length before it touches text, so a miss never
/// compares bytes and a hit compares them once.
#[derive(Default)]
pub(crate) struct WriteTable {
    arena: Vec<u8>,
    entries: Vec<Span>,
    /// Open addressing, linear probing: 0 is empty, `n` is `entries[n - 1]`.
    /// Its length is zero or a power of two, at most half full.
    slots: Vec<u32>,
    /// `64 - log2(slots.len())`: a hash's top bits pick its home slot, as
    /// the multiplicative hash mixes upward.
    shift: u32,
    next: usize,
    statics: StaticCache,
}

/// One remembered text: where it sits in the arena, its index and its hash
/// (kept so that growing the index hashes nothing again).
#[derive(Clone, Copy)]
struct Span {
    hash: u64,
    start: u32,
    len: u32,
    index: u64,
}

/// What the table knows of `'static` strings (derived types' keys), by
/// address: a `'static` string never moves or changes, so its address and
/// length identify its text without hashing it. Each string has two
/// candidate slots from a multiplicative hash of its address, and sits in
/// whichever was free: with one candidate, which keys of a type collided
/// depended on where the linker happened to put them, and a build that
/// only moved some constants sent half as many key writes again down the
/// slow path. Entries from an earlier namespace are told apart by their
/// generation, so that entering a namespace costs one increment.
struct StaticCache {
    slots: [StaticSlot; STATIC_SLOTS],
    generation: u64,
}

#[derive(Clone, Copy, Default)]
struct StaticSlot {
    ptr: usize,
    len: usize,
    generation: u64,
    index: u64,
}

impl Default for StaticCache {
    fn default() -> Self {
        StaticCache {
            slots: [StaticSlot::default(); STATIC_SLOTS],
            // Slots start at generation 0: none of them is current.
            generation: 1,
        }
    }
}

const STATIC_SLOTS: usize = 64;
/// The string table's first allocation, in entries.
const INITIAL_ENTRIES: usize = 64;
/// The arena's first allocation, in bytes per initial entry.
const INITIAL_TEXT: usize = 16;
/// A cached string that is not in the table and never will be: it was
/// shorter than the threshold, which only grows.
const NEVER: u64 = u64::MAX;

impl StaticCache {
    /// A string's two candidate slots, from two bit fields of one product.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn homes(ptr: usize, len: usize) -> [usize; 2] {
        let mixed = (ptr as u64 ^ (len as u64).rotate_left(32)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        // 64 slots: six bits each.
        [
            (mixed >> 58) as usize,
            (mixed >> 52) as usize % STATIC_SLOTS,
        ]
    }

    /// The cached index of a string: `Some(Some(i))` a reference,
    /// `Some(None)` a literal that never becomes one, `None` not cached.
    /// Two probes at most; inlined into every key write of an optimised
    /// build (not of a debug build, where each inlined probe would widen
    /// the frame of every recursive type's encoder).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn get(&self, ptr: usize, len: usize) -> Option<Option<u64>> {
        let [first, second] = Self::homes(ptr, len);
        match self.probe(first, ptr, len) {
            Some(found) => Some(found),
            None => self.probe(second, ptr, len),
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn probe(&self, slot: usize, ptr: usize, len: usize) -> Option<Option<u64>> {
        let slot = self.slots.get(slot)?;
        (slot.generation == self.generation && slot.ptr == ptr && slot.len == len)
            .then_some((slot.index != NEVER).then_some(slot.index))
    }

    /// Caches a string in its first candidate slot that holds nothing of
    /// this namespace; when both do, the first is given up.
    fn put(&mut self, ptr: usize, len: usize, index: u64) {
        let [first, second] = Self::homes(ptr, len);
        let generation = self.generation;
        let free = if self
            .slots
            .get(first)
            .is_some_and(|s| s.generation == generation)
            && self
                .slots
                .get(second)
                .is_some_and(|s| s.generation != generation)
        {
            second
        } else {
            first
        };
        if let Some(slot) = self.slots.get_mut(free) {
            *slot = StaticSlot {
                ptr,
                len,
                generation,
                index,
            };
        }
    }

    fn clear(&mut self) {
        self.generation += 1;
    }
}

impl core::fmt::Debug for WriteTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("WriteTable")
            .field("entries", &self.entries.len())
            .field("next", &self.next)
            .finish()
    }
}

impl WriteTable {
    pub fn clear(&mut self) {
        self.arena.clear();
        self.entries.clear();
        self.slots.fill(0);
        self.next = 0;
        self.statics.clear();
    }

    /// [`WriteTable::text`] for a `'static` string, answered from the
    /// address cache when the string was seen before in this namespace:
    /// what the writer does in two steps ([`WriteTable::static_cached`],
    /// then [`WriteTable::static_uncached`] on a miss).
    #[cfg(test)]
    pub fn static_text(&mut self, text: &'static str) -> Option<u64> {
        if text.len() < min_len(0) {
            return None;
        }
        match self.static_cached(text) {
            Some(known) => known,
            None => self.static_uncached(text),
        }
    }

    /// [`WriteTable::text`] for a `'static` string the address cache does
    /// not hold (its probe already missed), cached for the next time.
    pub fn static_uncached(&mut self, text: &'static str) -> Option<u64> {
        // Below the first threshold a string never enters the table.
        if text.len() < min_len(0) {
            return None;
        }
        let before = self.next;
        let found = self.text(text.as_bytes());
        let index = match found {
            Some(index) => index,
            None if self.next > before => before as u64,
            None => NEVER,
        };
        self.statics.put(text.as_ptr() as usize, text.len(), index);
        found
    }

    /// What the address cache knows of a `'static` string of at least
    /// [`min_len`]`(0)` bytes (see [`StaticCache::get`]); the common answer
    /// for a derived type's keys, cheap enough to inline.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn static_cached(&self, text: &'static str) -> Option<Option<u64>> {
        self.statics.get(text.as_ptr() as usize, text.len())
    }

    /// The index of `text` if it was registered earlier in this namespace;
    /// otherwise registers it when it qualifies and returns `None`, meaning
    /// "write the literal".
    pub fn text(&mut self, text: &[u8]) -> Option<u64> {
        // Thresholds only grow, so nothing shorter than the first one is
        // ever in the table or ever enters it.
        if text.len() < min_len(0) {
            return None;
        }
        let hash = hash_bytes(text);
        let mut slot = self.home(hash);
        let mask = self.slots.len().wrapping_sub(1);
        while let Some(&taken) = self.slots.get(slot) {
            if taken == 0 {
                break;
            }
            if let Some(span) = self.entries.get(taken as usize - 1) {
                if span.hash == hash && span.len as usize == text.len() {
                    let start = span.start as usize;
                    if self
                        .arena
                        .get(start..start + text.len())
                        .is_some_and(|t| same(t, text))
                    {
                        return Some(span.index);
                    }
                }
            }
            slot = (slot + 1) & mask;
        }
        if text.len() >= min_len(self.next) {
            self.remember(text, hash, slot);
            self.next += 1;
        }
        None
    }

    #[inline]
    fn home(&self, hash: u64) -> usize {
        if self.slots.is_empty() {
            return 0;
        }
        (hash >> self.shift) as usize
    }

    /// Adds a text that the lookup just missed. Text past the arena's
    /// 4 GiB of offsets is not remembered: it still takes its index, as
    /// every reader gives it one, and is written literally if it recurs.
    #[inline(never)]
    fn remember(&mut self, text: &[u8], hash: u64, free: usize) {
        let (Ok(start), Ok(len)) = (u32::try_from(self.arena.len()), u32::try_from(text.len()))
        else {
            return;
        };
        if start.checked_add(len).is_none() || self.entries.len() >= (u32::MAX / 2) as usize {
            return;
        }
        let mut free = free;
        if (self.entries.len() + 1) * 2 > self.slots.len() {
            self.grow();
            free = self.free_slot(hash);
        }
        if self.entries.is_empty() && self.arena.capacity() == 0 {
            // A namespace that registers one string usually registers
            // dozens: skip the first few doublings.
            self.entries.reserve(INITIAL_ENTRIES);
            self.arena.reserve(INITIAL_ENTRIES * INITIAL_TEXT);
        }
        self.arena.extend_from_slice(text);
        self.entries.push(Span {
            hash,
            start,
            len,
            index: self.next as u64,
        });
        if let Some(slot) = self.slots.get_mut(free) {
            *slot = self.entries.len() as u32;
        }
    }

    /// The first free slot from a hash's home (the index is never full).
    fn free_slot(&self, hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut slot = self.home(hash);
        while self.slots.get(slot).is_some_and(|&taken| taken != 0) {
            slot = (slot + 1) & mask;
        }
        slot
    }

    /// Doubles the index (or makes the first one) and places every entry
    /// again by its stored hash.
    fn grow(&mut self) {
        let capacity = (self.slots.len() * 2).max(INITIAL_ENTRIES * 2);
        self.slots.clear();
        self.slots.resize(capacity, 0);
        self.shift = 64 - capacity.trailing_zeros();
        for n in 0..self.entries.len() {
            let slot = self.free_slot(self.entries[n].hash);
            if let Some(taken) = self.slots.get_mut(slot) {
                *taken = n as u32 + 1;
            }
        }
    }

    /// A literal written as it is (pre-encoded bytes): it takes an index
    /// when it qualifies, as every reader will give it one, and a text
    /// literal becomes referable if its text is not already.
    pub fn literal(&mut self, payload: &[u8], is_text: bool) {
        if payload.len() < min_len(self.next) {
            return;
        }
        if is_text && self.text(payload).is_none() {
            // `text` registered it and advanced the index.
            return;
        }
        self.next += 1;
    }

    /// A byte-string literal: takes an index when it qualifies, never
    /// referenced.
    pub fn bytes(&mut self, len: usize) {
        if len >= min_len(self.next) {
            self.next += 1;
        }
    }
}

/// A multiplicative hash for short strings, the common case of keys and
/// repeated values: up to 16 bytes cost two loads, longer text one load per
/// eight bytes. The table holds only this document's strings, and
/// `Value`'s grouping uses it the same way, so speed matters more than
/// resistance to chosen collisions (lookups stay correct under any hash).
pub(crate) fn hash_bytes(bytes: &[u8]) -> u64 {
    let len = bytes.len();
    let mut hash = (len as u64).wrapping_mul(SEED);
    if len >= 8 {
        let mut at = 0;
        while at + 8 < len {
            hash = mix(hash, word8(bytes, at));
            at += 8;
        }
        hash = mix(hash, word8(bytes, len - 8));
    } else if len >= 4 {
        hash = mix(hash, (word4(bytes, 0) << 32) | word4(bytes, len - 4));
    } else if let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) {
        let middle = bytes.get(len / 2).copied().unwrap_or(0);
        hash = mix(
            hash,
            u64::from(first) | u64::from(middle) << 8 | u64::from(last) << 16,
        );
    }
    hash
}

/// Byte equality of two strings of equal length, inline for the short
/// strings a document repeats (a library `memcmp` call costs more than the
/// comparison).
#[inline(always)]
fn same(a: &[u8], b: &[u8]) -> bool {
    let len = a.len();
    if len != b.len() {
        return false;
    }
    if (8..=16).contains(&len) {
        return word8(a, 0) == word8(b, 0) && word8(a, len - 8) == word8(b, len - 8);
    }
    if (4..8).contains(&len) {
        return word4(a, 0) == word4(b, 0) && word4(a, len - 4) == word4(b, len - 4);
    }
    a == b
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

#[inline(always)]
fn mix(hash: u64, word: u64) -> u64 {
    (hash.rotate_left(5) ^ word).wrapping_mul(SEED)
}

#[inline(always)]
fn word8(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    if let Some(src) = bytes.get(at..at + 8) {
        word.copy_from_slice(src);
    }
    u64::from_le_bytes(word)
}

#[inline(always)]
fn word4(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 4];
    if let Some(src) = bytes.get(at..at + 4) {
        word.copy_from_slice(src);
    }
    u64::from(u32::from_le_bytes(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_follow_index_width() {
        assert_eq!(min_len(0), 3);
        assert_eq!(min_len(23), 3);
        assert_eq!(min_len(24), 4);
        assert_eq!(min_len(255), 4);
        assert_eq!(min_len(256), 5);
        assert_eq!(min_len(65_535), 5);
        assert_eq!(min_len(65_536), 7);
    }

    #[test]
    fn writer_table_hits_after_first_literal() {
        let mut t = WriteTable::default();
        assert_eq!(t.text(b"abc"), None);
        assert_eq!(t.text(b"abc"), Some(0));
        assert_eq!(t.text(b"ab"), None);
        assert_eq!(t.text(b"ab"), None);
        t.bytes(5);
        assert_eq!(t.text(b"wxyz"), None);
        assert_eq!(t.text(b"wxyz"), Some(2));
        t.clear();
        assert_eq!(t.text(b"abc"), None);
    }

    #[test]
    fn static_strings_agree_with_the_table() {
        static KEYS: [&str; 3] = ["name", "id", "name2"];
        let mut t = WriteTable::default();
        assert_eq!(t.static_text(KEYS[0]), None);
        assert_eq!(t.static_text(KEYS[1]), None);
        assert_eq!(t.text(b"name2"), None);
        assert_eq!(t.static_text(KEYS[0]), Some(0));
        assert_eq!(t.static_text(KEYS[1]), None);
        assert_eq!(t.static_text(KEYS[2]), Some(1));
        assert_eq!(t.text(b"name"), Some(0));
        t.clear();
        assert_eq!(t.static_text(KEYS[0]), None);
        assert_eq!(t.static_text(KEYS[0]), Some(0));
    }

    #[test]
    fn two_strings_with_one_first_slot_both_stay_cached() {
        let base = 0x1000;
        let [first, second] = StaticCache::homes(base, 4);
        let other = (1..)
            .map(|k| base + 8 * k)
            .find(|&p| {
                let [f, s] = StaticCache::homes(p, 4);
                f == first && s != first && s != second
            })
            .unwrap();
        let mut cache = StaticCache::default();
        cache.put(base, 4, 7);
        cache.put(other, 4, NEVER);
        assert_eq!(cache.get(base, 4), Some(Some(7)));
        assert_eq!(cache.get(other, 4), Some(None));
        cache.clear();
        assert_eq!(cache.get(base, 4), None);
        assert_eq!(cache.get(other, 4), None);
    }

    #[test]
    fn static_strings_past_the_cache_agree_with_the_table() {
        // More strings than the cache has slots, so that some are evicted
        // and found again through the table.
        let keys: Vec<&'static str> = (0..300)
            .map(|i| &*alloc::boxed::Box::leak(alloc::format!("key-{i}").into_boxed_str()))
            .collect();
        let mut cached = WriteTable::default();
        let mut plain = WriteTable::default();
        for round in 0..3 {
            for (i, key) in keys.iter().enumerate() {
                let want = plain.text(key.as_bytes());
                assert_eq!(cached.static_text(key), want, "round {round}, key {i}");
            }
        }
    }
}
