//! CBOR to JSON text for the common case, read straight from the bytes:
//! definite lengths, no tags, text keys. This is what JSON turned into
//! CBOR, and most plain CBOR, consists of.
//!
//! [`convert`] walks the item with its own stack instead of the reader's
//! calls per item, and writes through the same [`Out`] as the general
//! emitter, so where it finishes it writes exactly what the general pass
//! would. It gives up (`None`) at anything else — a tag (stringref,
//! bignums, boring's layouts, encoding hints), an indefinite length, a
//! non-text key, a non-finite float, a reserved or malformed head, input
//! cut short, or a limit of the options that could be reached — and the
//! caller runs the general pass from the start, which converts the item or
//! reports the error with its offset. Text is copied unchecked, as in the
//! general pass's first attempt: the caller checks the finished text's
//! UTF-8 once.

use boring::profile::Resolved;
use boring::Float;

use crate::out::{BytesAs, Out};

/// A container being written.
struct Frame {
    /// Elements, or a map's entries, still to read.
    left: u64,
    map: bool,
    /// Nothing written in it yet (no comma before the next item).
    first: bool,
}

/// Converts the item at the start of `cbor` into `out`, giving the bytes
/// it took; `None` where the general pass must do it (see the module
/// documentation), with `out` then holding a partial text to discard.
pub(crate) fn convert(cbor: &[u8], limits: &Resolved, out: &mut Out) -> Option<usize> {
    if limits.verify_deterministic {
        return None;
    }
    // Every head counts against the item budget, so the budget is reached
    // here no later than in the reader, which charges container entries.
    let mut budget = limits.max_items.unwrap_or(u64::MAX);
    let mut stack: Vec<Frame> = Vec::new();
    let mut pos = 0;
    loop {
        if let Some(top) = stack.last_mut() {
            if top.left == 0 {
                out.close(if top.map { b'}' } else { b']' }, top.first);
                stack.pop();
                if stack.is_empty() {
                    return Some(pos);
                }
                continue;
            }
            if !top.map && cbor.get(pos) == Some(&0xfb) {
                // A run of doubles (coordinates, series) in one tight loop.
                while top.left > 0 {
                    let Some(&[0xfb, ref bits @ ..]) = cbor.get(pos..pos + 9) else {
                        break;
                    };
                    let v = f64::from_bits(u64::from_be_bytes(*bits.first_chunk()?));
                    if !v.is_finite() {
                        return None;
                    }
                    budget = budget.checked_sub(1)?;
                    out.item(top.first);
                    top.first = false;
                    top.left -= 1;
                    out.f64(v);
                    pos += 9;
                }
                if top.left == 0 {
                    continue;
                }
                // Something else follows (or a double cut short, which the
                // general step below refuses): one step of the general kind.
            }
            out.item(top.first);
            top.first = false;
            top.left -= 1;
            if top.map {
                // The entry's key, here with its value below: text only.
                budget = budget.checked_sub(1)?;
                let initial = *cbor.get(pos)?;
                if initial >> 5 != 3 {
                    return None;
                }
                let (len, at) = argument(cbor, pos, initial & 0x1f)?;
                let end = at.checked_add(usize::try_from(len).ok()?)?;
                out.str(cbor.get(at..end)?);
                out.colon();
                pos = end;
            }
        }
        budget = budget.checked_sub(1)?;
        let initial = *cbor.get(pos)?;
        let (arg, at) = argument(cbor, pos, initial & 0x1f)?;
        pos = at;
        match initial >> 5 {
            0 => out.u64(arg),
            1 => out.negative(arg),
            major @ (2 | 3) => {
                let end = pos.checked_add(usize::try_from(arg).ok()?)?;
                let payload = cbor.get(pos..end)?;
                pos = end;
                if major == 3 {
                    out.str(payload);
                } else {
                    out.bytes(payload, BytesAs::Base64Url);
                }
            }
            major @ (4 | 5) => {
                let map = major == 5;
                // The reader takes a level for an empty container too.
                if stack.len() >= limits.max_depth {
                    return None;
                }
                out.open(if map { b'{' } else { b'[' });
                if arg == 0 {
                    out.close(if map { b'}' } else { b']' }, true);
                } else {
                    stack.push(Frame {
                        left: arg,
                        map,
                        first: true,
                    });
                    continue;
                }
            }
            7 => simple(out, initial & 0x1f, arg)?,
            // Tags.
            _ => return None,
        }
        // Past the output budget the general pass reports the error.
        if out.over() {
            return None;
        }
        if stack.is_empty() {
            return Some(pos);
        }
    }
}

/// The argument of the head at `pos` whose additional information is
/// `info`, and the offset past the head; `None` for an indefinite length,
/// a reserved value or a head cut short.
#[inline]
fn argument(cbor: &[u8], pos: usize, info: u8) -> Option<(u64, usize)> {
    let rest = cbor.get(pos + 1..)?;
    // Fixed-width big-endian loads: one instruction each, where a loop
    // over the bytes would shift eight times for a double.
    let (arg, width) = match info {
        0..=23 => return Some((u64::from(info), pos + 1)),
        24 => (u64::from(*rest.first()?), 1),
        25 => (u64::from(u16::from_be_bytes(*rest.first_chunk()?)), 2),
        26 => (u64::from(u32::from_be_bytes(*rest.first_chunk()?)), 4),
        27 => (u64::from_be_bytes(*rest.first_chunk()?), 8),
        _ => return None,
    };
    Some((arg, pos + 1 + width))
}

/// A simple value or float (major type 7) as the general pass writes it;
/// `None` for a two-byte simple value (ill-formed below 32) and for
/// non-finite floats, which the general pass refuses with their offset.
#[inline]
fn simple(out: &mut Out, info: u8, arg: u64) -> Option<()> {
    let v = match info {
        20 => {
            out.raw(b"false");
            return Some(());
        }
        21 => {
            out.raw(b"true");
            return Some(());
        }
        // RFC 8949 §6.1: null, undefined and the unassigned simple values
        // become null.
        0..=19 | 22 | 23 => {
            out.raw(b"null");
            return Some(());
        }
        25 => Float::F16(arg as u16).to_f64(),
        26 => f64::from(f32::from_bits(arg as u32)),
        27 => f64::from_bits(arg),
        _ => return None,
    };
    if !v.is_finite() {
        return None;
    }
    out.f64(v);
    Some(())
}

#[cfg(test)]
mod tests {
    use boring::{Options, Profile, Reader, Value};
    use proptest::prelude::*;

    use super::convert;
    use crate::emit;
    use crate::out::{BytesAs, Out};

    /// What the general pass makes of `cbor`: the text and the bytes used.
    fn general(cbor: &[u8], options: &Options, pretty: bool) -> Option<(Vec<u8>, usize)> {
        let mut reader = Reader::with_options(cbor, options).ok()?;
        let mut out = Out::new(pretty, 0);
        emit::item(&mut reader, &mut out, BytesAs::Base64Url).ok()?;
        Some((out.buf, reader.position()))
    }

    fn direct(cbor: &[u8], options: &Options, pretty: bool) -> Option<(Vec<u8>, usize)> {
        let mut out = Out::new(pretty, 0);
        let used = convert(cbor, &options.resolve().ok()?, &mut out)?;
        Some((out.buf, used))
    }

    /// Values of the plain data model, with a few tags and non-text keys
    /// among them (which the direct pass leaves to the general one).
    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            any::<u64>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            any::<f32>().prop_map(|f| Value::Float(boring::Float::F32(f))),
            any::<bool>().prop_map(Value::from),
            Just(Value::Null),
            "[a-z\"\\\\\n\u{e9}]{0,12}".prop_map(Value::from),
            proptest::collection::vec(any::<u8>(), 0..10).prop_map(Value::Bytes),
        ];
        leaf.prop_recursive(5, 64, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
                proptest::collection::vec(("[a-c]{1,3}", inner.clone()), 0..5).prop_map(
                    |entries| {
                        let mut seen = std::collections::BTreeSet::new();
                        let entries = entries
                            .into_iter()
                            .filter(|(k, _)| seen.insert(k.clone()))
                            .map(|(k, v)| (Value::from(k), v))
                            .collect::<Vec<_>>();
                        Value::Map(entries.into())
                    }
                ),
                (0u64..30, inner.clone())
                    .prop_map(|(n, v)| Value::Map(vec![(Value::from(n), v)].into())),
                inner.prop_map(|v| Value::Tag(1, Box::new(v).into())),
            ]
        })
    }

    /// Whether the direct pass converts `v` itself: no tag, text keys
    /// only, finite floats.
    fn plain(v: &Value) -> bool {
        match v {
            Value::Tag(..) => false,
            Value::Float(f) => f.to_f64().is_finite(),
            Value::Array(items) => items.iter().all(plain),
            Value::Map(entries) => entries
                .iter()
                .all(|(k, v)| matches!(k, Value::Text(_)) && plain(v)),
            _ => true,
        }
    }

    /// An empty container takes a nesting level, as it does in the reader:
    /// `["a", []]` is two levels deep and over a limit of one.
    #[test]
    fn an_empty_container_counts_against_the_depth_limit() {
        let cbor = [0x82, 0x61, b'a', 0x80];
        let tight = Options::default().max_depth(1);
        assert_eq!(direct(&cbor, &tight, false), None);
        assert_eq!(general(&cbor, &tight, false), None);
        let roomy = Options::default().max_depth(2);
        assert_eq!(direct(&cbor, &roomy, false), general(&cbor, &roomy, false));
        assert!(direct(&cbor, &roomy, false).is_some());
    }

    proptest! {
        /// Wherever the direct pass finishes, it writes what the general
        /// pass writes and stops where it stops; on intact input it gives
        /// up only at what it leaves to the general pass. Truncated and
        /// altered bytes, and tight limits, are included.
        #[test]
        fn the_direct_pass_writes_what_the_general_pass_writes(
            v in value(),
            cut in any::<prop::sample::Index>(),
            flip in any::<prop::sample::Index>(),
            mask in any::<u8>(),
            alter in 0u8..3,
            depth in 1usize..8,
            items in 1u64..40,
            pretty in any::<bool>(),
        ) {
            let mut cbor = boring::to_vec_with(&v, &Options::from(Profile::Interop)).unwrap();
            match alter {
                1 => cbor.truncate(cut.index(cbor.len() + 1)),
                2 if !cbor.is_empty() => {
                    let at = flip.index(cbor.len());
                    cbor[at] ^= mask;
                }
                _ => {}
            }
            for options in [
                Options::default(),
                Options::default().max_depth(depth).max_items(Some(items)),
            ] {
                let general = general(&cbor, &options, pretty);
                match direct(&cbor, &options, pretty) {
                    Some(direct) => prop_assert_eq!(Some(direct), general),
                    None => prop_assert!(
                        alter != 0 || options != Options::default() || !plain(&v),
                        "gave up on plain, intact input"
                    ),
                }
            }
        }
    }
}
