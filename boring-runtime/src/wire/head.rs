//! CBOR heads: the initial byte and its argument (RFC 8949 §3).

/// The break stop code that ends an indefinite-length item.
pub const BREAK: u8 = 0xff;

/// The eight major types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Major {
    /// 0: unsigned integer.
    Unsigned,
    /// 1: negative integer, −1 − argument.
    Negative,
    /// 2: byte string.
    Bytes,
    /// 3: UTF-8 text string.
    Text,
    /// 4: array.
    Array,
    /// 5: map.
    Map,
    /// 6: tag.
    Tag,
    /// 7: simple values, floats and break.
    Simple,
}

impl Major {
    /// The major type of an initial byte.
    #[inline]
    pub fn of(initial: u8) -> Major {
        match initial >> 5 {
            0 => Major::Unsigned,
            1 => Major::Negative,
            2 => Major::Bytes,
            3 => Major::Text,
            4 => Major::Array,
            5 => Major::Map,
            6 => Major::Tag,
            _ => Major::Simple,
        }
    }

    /// The three high bits of the initial byte.
    #[inline]
    pub fn bits(self) -> u8 {
        (self as u8) << 5
    }

    /// A short English name, used in error messages.
    pub fn describe(self) -> &'static str {
        match self {
            Major::Unsigned | Major::Negative => "integer",
            Major::Bytes => "byte string",
            Major::Text => "text string",
            Major::Array => "array",
            Major::Map => "map",
            Major::Tag => "tag",
            Major::Simple => "simple value or float",
        }
    }
}

/// Major type 7 content, decoded.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Simple {
    /// `f4`/`f5`.
    Bool(bool),
    /// `f6`.
    Null,
    /// `f7`.
    Undefined,
    /// Any other simple value (0–19, 32–255).
    Other(u8),
    /// `f9`: binary16 bits.
    F16(u16),
    /// `fa`.
    F32(f32),
    /// `fb`.
    F64(f64),
}

/// A decoded head.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Head {
    /// Major 0 with its argument.
    Unsigned(u64),
    /// Major 1 with its argument `n` (the value is −1 − n).
    Negative(u64),
    /// Major 2; `None` for indefinite length.
    Bytes(Option<u64>),
    /// Major 3; `None` for indefinite length.
    Text(Option<u64>),
    /// Major 4; `None` for indefinite length.
    Array(Option<u64>),
    /// Major 5; `None` for indefinite length.
    Map(Option<u64>),
    /// Major 6.
    Tag(u64),
    /// Major 7 other than break.
    Simple(Simple),
    /// The break stop code.
    Break,
}

impl Head {
    /// The major type of this head.
    pub fn major(&self) -> Major {
        match self {
            Head::Unsigned(_) => Major::Unsigned,
            Head::Negative(_) => Major::Negative,
            Head::Bytes(_) => Major::Bytes,
            Head::Text(_) => Major::Text,
            Head::Array(_) => Major::Array,
            Head::Map(_) => Major::Map,
            Head::Tag(_) => Major::Tag,
            Head::Simple(_) | Head::Break => Major::Simple,
        }
    }

    /// A short English name of what the head starts, for error messages.
    pub fn describe(&self) -> &'static str {
        match self {
            Head::Simple(Simple::Bool(_)) => "boolean",
            Head::Simple(Simple::Null) => "null",
            Head::Simple(Simple::Undefined) => "undefined",
            Head::Simple(Simple::Other(_)) => "simple value",
            Head::Simple(Simple::F16(_) | Simple::F32(_) | Simple::F64(_)) => "float",
            Head::Break => "break",
            other => other.major().describe(),
        }
    }
}

/// Encodes the shortest head for `major` and `arg` into `buf`, returning the
/// number of bytes used (1, 2, 3, 5 or 9).
#[inline]
pub(crate) fn encode_head(major: u8, arg: u64, buf: &mut [u8; 16]) -> usize {
    let (block, n) = head_block(major, arg);
    *buf = block;
    n
}

/// The shortest head for `major` and `arg` as the leading bytes of a
/// 16-byte block, and its length. The block is one little-endian integer,
/// so it is built in registers: filled byte by byte in memory and then
/// copied as one block, its copy's load would miss store forwarding.
#[inline(always)]
pub(crate) fn head_block(major: u8, arg: u64) -> ([u8; 16], usize) {
    // The argument's bytes, big-endian, right after the initial byte.
    let (info, payload, n) = if arg < 24 {
        return (u128::from(major | arg as u8).to_le_bytes(), 1);
    } else if arg <= 0xff {
        (24, arg, 2)
    } else if arg <= 0xffff {
        (25, u64::from((arg as u16).swap_bytes()), 3)
    } else if arg <= 0xffff_ffff {
        (26, u64::from((arg as u32).swap_bytes()), 5)
    } else {
        (27, arg.swap_bytes(), 9)
    };
    let word = u128::from(major | info) | u128::from(payload) << 8;
    (word.to_le_bytes(), n)
}

/// A text string of at most 15 bytes as one block: its one-byte head, then
/// its bytes; `None` for longer text. Built from fixed-size copies (two
/// overlapping ones per size class), so that writing a short key or value
/// costs one constant-size store instead of a variable-length `memcpy`.
#[inline(always)]
pub(crate) fn short_text_block(text: &[u8]) -> Option<[u8; 16]> {
    let n = text.len();
    // The text as one little-endian integer, from two overlapping loads of
    // its size class (the overlap holds the same bytes twice, so `|` keeps
    // them). Built in registers: assembled by byte copies on the stack, the
    // block's 16-byte read stalled on the narrower writes just made to it.
    let body: u128 = match n {
        0 => 0,
        // Shifts by a run-time count are cheap on 64 bits, not on 128.
        1..=3 => {
            let (first, mid, last) = (text[0], text[n / 2], text[n - 1]);
            u128::from(
                u64::from(first)
                    | u64::from(mid) << (8 * (n / 2))
                    | u64::from(last) << (8 * (n - 1)),
            )
        }
        4..=7 => {
            let low = u32::from_le_bytes(text[..4].try_into().ok()?);
            let high = u32::from_le_bytes(text[n - 4..].try_into().ok()?);
            u128::from(u64::from(low) | u64::from(high) << (8 * (n - 4)))
        }
        8..=15 => {
            let low = u64::from_le_bytes(text[..8].try_into().ok()?);
            let high = u64::from_le_bytes(text[n - 8..].try_into().ok()?);
            // The high word holds bytes 8.. of the text: `high` moved
            // down past the bytes it shares with `low` (all of them at 8).
            let rest = high.checked_shr(8 * (16 - n) as u32).unwrap_or(0);
            u128::from(low) | u128::from(rest) << 64
        }
        _ => return None,
    };
    let head = 0x60 | n as u128;
    Some((head | body << 8).to_le_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_blocks_hold_head_and_bytes_for_every_length() {
        let text = b"abcdefghijklmnopq";
        for n in 0..=15 {
            let block = short_text_block(&text[..n]).expect("short");
            assert_eq!(block[0], 0x60 | n as u8, "length {n}");
            assert_eq!(&block[1..=n], &text[..n], "length {n}");
        }
        assert_eq!(short_text_block(&text[..16]), None);
    }
}
