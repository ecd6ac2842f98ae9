//! Key bytes, shaped-array headers and sorted key orders, computed at compile time.

use super::*;

/// The length of a head whose argument is `arg`.
pub(super) const fn head_len(arg: u64) -> usize {
    if arg < 24 {
        1
    } else if arg <= 0xff {
        2
    } else if arg <= 0xffff {
        3
    } else if arg <= 0xffff_ffff {
        5
    } else {
        9
    }
}

/// Writes a head at `at`, returning the position after it.
pub(super) const fn put_head<const N: usize>(
    out: &mut [u8; N],
    at: usize,
    major: u8,
    arg: u64,
) -> usize {
    let len = head_len(arg);
    let info = match len {
        1 => arg as u8,
        2 => 24,
        3 => 25,
        5 => 26,
        _ => 27,
    };
    out[at] = (major << 5) | info;
    let mut i = 1;
    while i < len {
        out[at + i] = (arg >> (8 * (len - 1 - i))) as u8;
        i += 1;
    }
    at + len
}

/// The encoded length of one key: a text string, under tag 39 when
/// `keyword`.
pub(super) const fn key_len(text: &str, keyword: bool) -> usize {
    let tag = if keyword { 2 } else { 0 };
    tag + head_len(text.len() as u64) + text.len()
}

/// Bytewise comparison of two encoded keys, shorter first when
/// `length_first` (RFC 7049 §3.9), as a `const fn`.
pub(super) const fn key_less(a: &[u8], b: &[u8], length_first: bool) -> bool {
    if length_first && a.len() != b.len() {
        return a.len() < b.len();
    }
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
        i += 1;
    }
    a.len() < b.len()
}

/// The field indices sorted by encoded key: bytewise (RFC 8949 §4.2.1), or
/// length first. `N` is the number of keys; `header` and `offsets` come from
/// [`header`] and [`key_offsets`].
pub const fn key_order<const N: usize>(
    header: &[u8],
    offsets: &[usize],
    length_first: bool,
) -> [usize; N] {
    let mut order = [0usize; N];
    let mut i = 0;
    while i < N {
        order[i] = i;
        i += 1;
    }
    // Insertion sort: field counts are small and this runs at compile time.
    i = 1;
    while i < N {
        let mut j = i;
        while j > 0 {
            let (a, b) = (order[j - 1], order[j]);
            let ka = header
                .split_at(offsets[a])
                .1
                .split_at(offsets[a + 1] - offsets[a])
                .0;
            let kb = header
                .split_at(offsets[b])
                .1
                .split_at(offsets[b + 1] - offsets[b])
                .0;
            if key_less(kb, ka, length_first) {
                order[j - 1] = b;
                order[j] = a;
                j -= 1;
            } else {
                break;
            }
        }
        i += 1;
    }
    order
}

/// One key of a shape as the derive declares it: text (written as text, or
/// as an identifier when the shape's keys are keywords) or a CBOR integer
/// (`-2^64 ..= 2^64 - 1`, written as major type 0 or 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeySpec {
    /// A text key (the field name, `rename`d or `key = "text"`).
    Text(&'static str),
    /// An integer key (`key = N`).
    Int(i128),
}

/// The major type and argument of an integer key (`n` must be in range,
/// which the derive checks).
const fn int_head(n: i128) -> (u8, u64) {
    if n >= 0 {
        (0, n as u64)
    } else {
        (1, (-1 - n) as u64)
    }
}

/// The encoded length of one declared key.
const fn key_spec_len(key: KeySpec, keyword: bool) -> usize {
    match key {
        KeySpec::Text(text) => key_len(text, keyword),
        KeySpec::Int(n) => head_len(int_head(n).1),
    }
}

/// The length of a shaped-array header over `keys`: tag 39649, the
/// two-element array head, and the key array.
pub const fn header_len(keys: &[KeySpec], keyword: bool) -> usize {
    let mut total = TABLE_PREFIX.len() + head_len(keys.len() as u64);
    let mut i = 0;
    while i < keys.len() {
        total += key_spec_len(keys[i], keyword);
        i += 1;
    }
    total
}

/// The shaped-array header over `keys` (`N` must be [`header_len`]): tag
/// 39649, `82`, and the key array: each text key a text string (under tag
/// 39 when `keyword`), each integer key an integer. A map key of the type
/// is a slice of this array.
pub const fn header<const N: usize>(keys: &[KeySpec], keyword: bool) -> [u8; N] {
    let mut out = [0u8; N];
    let mut at = 0;
    while at < TABLE_PREFIX.len() {
        out[at] = TABLE_PREFIX[at];
        at += 1;
    }
    at = put_head(&mut out, at, 4, keys.len() as u64);
    let mut i = 0;
    while i < keys.len() {
        match keys[i] {
            KeySpec::Text(text) => {
                if keyword {
                    out[at] = 0xd8;
                    out[at + 1] = IDENT as u8;
                    at += 2;
                }
                let text = text.as_bytes();
                at = put_head(&mut out, at, 3, text.len() as u64);
                let mut j = 0;
                while j < text.len() {
                    out[at + j] = text[j];
                    j += 1;
                }
                at += text.len();
            }
            KeySpec::Int(n) => {
                let (major, arg) = int_head(n);
                at = put_head(&mut out, at, major, arg);
            }
        }
        i += 1;
    }
    out
}

/// Where each key starts in [`header`], plus the end of the last one (`M`
/// is the number of keys + 1).
pub const fn key_offsets<const M: usize>(keys: &[KeySpec], keyword: bool) -> [usize; M] {
    let mut out = [0usize; M];
    let mut at = TABLE_PREFIX.len() + head_len(keys.len() as u64);
    let mut i = 0;
    while i < keys.len() {
        out[i] = at;
        at += key_spec_len(keys[i], keyword);
        i += 1;
    }
    out[keys.len()] = at;
    out
}

/// Whether any declared key is an integer.
pub const fn has_int_keys(keys: &[KeySpec]) -> bool {
    let mut i = 0;
    while i < keys.len() {
        if let KeySpec::Int(_) = keys[i] {
            return true;
        }
        i += 1;
    }
    false
}
