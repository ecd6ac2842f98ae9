//! Checking that input is written exactly as a deterministic profile would
//! write it (`Options::verify_deterministic`): one pass over the item's
//! bytes before it is decoded, naming the first rule broken and its offset.

use alloc::vec::Vec;
use core::cmp::Ordering;

use super::float::{f16_to_f64, f64_to_f16_exact, f64_to_f32_exact};
use super::head::{Head, Simple};
use super::reader::Reader;
use crate::codec::compare_encoded;
use crate::error::{Error, ErrorKind};
use crate::profile::{FloatPolicy, KeyOrder, Profile, Resolved};

struct Frame {
    /// Items left in the container (map entries count twice).
    remaining: u64,
    /// For maps: the span of the previous key, and where the current key
    /// started (when the next item to finish is a key).
    map: Option<MapState>,
    /// Whether this frame is a bignum tag (content checked when it ends),
    /// and whether that bignum is a part of a decimal.
    bignum: Option<bool>,
    /// Whether this frame is a decimal (tag 4) or the array of its parts.
    decimal: Decimal,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Decimal {
    No,
    Tag,
    Parts,
}

struct MapState {
    previous: Option<(usize, usize)>,
    key_start: Option<usize>,
}

fn broken(rule: &'static str, at: usize) -> Error {
    Error::new(ErrorKind::NotDeterministic { rule }, at)
}

/// Checks the item at the reader's position without consuming it.
pub(crate) fn verify(r: &Reader<'_>, opts: &Resolved) -> Result<(), Error> {
    let input = r.input();
    let mut walker = Reader::with_resolved(input, *opts);
    walker.seek(r.position());
    let mut stack: Vec<Frame> = Vec::new();
    loop {
        let at = walker.position();
        if let Some(Frame {
            map: Some(state),
            remaining,
            ..
        }) = stack.last_mut()
        {
            if *remaining % 2 == 0 {
                state.key_start = Some(at);
            }
        }
        let head = walker.head()?;
        check_head(input, at, &head, opts)?;
        match head {
            Head::Bytes(Some(len)) | Head::Text(Some(len)) => {
                let payload = walker.payload(len, at)?;
                if let Some(Some(in_decimal)) = stack.last().map(|f| f.bignum) {
                    check_bignum(payload, at, opts, in_decimal)?;
                }
            }
            Head::Array(Some(n)) | Head::Map(Some(n)) if n > 0 => {
                let map = matches!(head, Head::Map(_));
                let parts = !map && stack.last().is_some_and(|f| f.decimal == Decimal::Tag);
                stack.push(Frame {
                    remaining: if map { n * 2 } else { n },
                    map: map.then_some(MapState {
                        previous: None,
                        key_start: None,
                    }),
                    bignum: None,
                    decimal: if parts { Decimal::Parts } else { Decimal::No },
                });
                continue;
            }
            Head::Tag(tag) => {
                let in_decimal = stack.last().is_some_and(|f| f.decimal == Decimal::Parts);
                stack.push(Frame {
                    remaining: 1,
                    map: None,
                    bignum: matches!(tag, 2 | 3).then_some(in_decimal),
                    decimal: if tag == 4 { Decimal::Tag } else { Decimal::No },
                });
                continue;
            }
            _ => {}
        }
        // An item ended: count it in its parents.
        loop {
            let end = walker.position();
            let Some(frame) = stack.last_mut() else {
                return Ok(());
            };
            frame.remaining -= 1;
            if let Some(state) = &mut frame.map {
                if frame.remaining % 2 == 1 {
                    let start = state.key_start.unwrap_or(end);
                    check_key_order(input, state.previous, (start, end), opts.key_order)?;
                    state.previous = Some((start, end));
                }
            }
            if frame.remaining > 0 {
                break;
            }
            stack.pop();
        }
    }
}

fn check_head(input: &[u8], at: usize, head: &Head, opts: &Resolved) -> Result<(), Error> {
    let info = input.get(at).map_or(0, |b| b & 0x1f);
    let arg = match *head {
        Head::Unsigned(v) | Head::Negative(v) | Head::Tag(v) => Some(v),
        Head::Bytes(len) | Head::Text(len) | Head::Array(len) | Head::Map(len) => {
            if len.is_none() {
                return Err(broken("definite lengths only", at));
            }
            len
        }
        Head::Simple(Simple::Other(v)) => Some(u64::from(v)),
        Head::Simple(Simple::F16(bits)) => {
            let v = f16_to_f64(bits);
            if opts.float_policy == FloatPolicy::Shortest && v.is_nan() && bits != 0x7e00 {
                return Err(broken("NaN written as f9 7e00", at));
            }
            None
        }
        Head::Simple(Simple::F32(v)) => {
            check_float(f64::from(v), at, opts, false)?;
            None
        }
        Head::Simple(Simple::F64(v)) => {
            check_float(v, at, opts, true)?;
            None
        }
        Head::Simple(_) | Head::Break => None,
    };
    if let Some(arg) = arg {
        let shortest = match info {
            24 => arg >= 24,
            25 => arg > 0xff,
            26 => arg > 0xffff,
            27 => arg > 0xffff_ffff,
            _ => true,
        };
        if !shortest {
            return Err(broken("shortest head", at));
        }
    }
    if let Head::Tag(tag) = *head {
        if opts.profile == Profile::Ctap2 {
            return Err(broken("no tags in CTAP2 canonical form", at));
        }
        if tag == 25 || tag == 256 {
            return Err(broken("no stringref in deterministic form", at));
        }
    }
    Ok(())
}

fn check_float(v: f64, at: usize, opts: &Resolved, double: bool) -> Result<(), Error> {
    if opts.float_policy != FloatPolicy::Shortest {
        return Ok(());
    }
    if v.is_nan() {
        return Err(broken("NaN written as f9 7e00", at));
    }
    if f64_to_f16_exact(v).is_some() || (double && f64_to_f32_exact(v).is_some()) {
        return Err(broken("shortest float", at));
    }
    Ok(())
}

/// A bignum's magnitude: no leading zero bytes, and under `Shortest` only
/// beyond 64 bits, or, for a part of a decimal, from 2^62 on (where the
/// reference writes a decimal's mantissa as a bignum).
fn check_bignum(
    magnitude: &[u8],
    at: usize,
    opts: &Resolved,
    in_decimal: bool,
) -> Result<(), Error> {
    if magnitude.first() == Some(&0) {
        return Err(broken("bignum without leading zero bytes", at));
    }
    if opts.float_policy == FloatPolicy::Shortest {
        let small = if in_decimal {
            magnitude.len() < 8 || (magnitude.len() == 8 && magnitude.first() < Some(&0x40))
        } else {
            magnitude.len() <= 8
        };
        if small {
            return Err(broken("bignum that fits 64 bits written as an integer", at));
        }
    }
    Ok(())
}

fn check_key_order(
    input: &[u8],
    previous: Option<(usize, usize)>,
    current: (usize, usize),
    order: KeyOrder,
) -> Result<(), Error> {
    let Some(previous) = previous else {
        return Ok(());
    };
    let a = &input[previous.0..previous.1];
    let b = &input[current.0..current.1];
    match compare_encoded(order, a, b) {
        Ordering::Less => Ok(()),
        Ordering::Equal => Err(broken("no duplicate keys", current.0)),
        Ordering::Greater => Err(broken("key order", current.0)),
    }
}
