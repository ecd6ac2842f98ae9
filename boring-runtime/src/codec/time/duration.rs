//! Durations: tag 1002 over an RFC 9581 map, read in every form the RFC
//! allows and written as the reference writes a `java.time.Duration`.

use super::forms::{bad, split_float, split_nanos, take_tag, Seconds};
use super::{FRACTION_KEYS, NANOS};
use crate::error::{Error, ErrorKind};
use crate::profile::DuplicateKeys;
use crate::wire::{Head, Reader, Simple, Sink, Writer};

/// Writes a duration of `total` nanoseconds as tag 1002 over
/// `{1: seconds, -9: nanoseconds}`, the seconds rounded down and the
/// nanoseconds (0..10^9) left out when zero.
pub(crate) fn encode_duration<S: Sink>(w: &mut Writer<S>, total: i128) -> Result<(), Error> {
    let Some((secs, nanos)) = split_nanos(total) else {
        return Err(w.error(ErrorKind::Unencodable(
            "a duration beyond ±2^63 seconds (RFC 9581 seconds as the reference reads them)",
        )));
    };
    w.tag(1002)?;
    w.map(if nanos == 0 { 1 } else { 2 })?;
    w.u64(1)?;
    w.i64(secs)?;
    if nanos != 0 {
        w.i64(-9)?;
        w.u64(nanos.into())?;
    }
    Ok(())
}

/// Reads a duration, tag 1002 over an RFC 9581 map, as nanoseconds, and
/// builds it with `make` (`None`: `OutOfRange` naming `target`).
///
/// Key 1 holds the seconds, an integer that fits `i64` or a finite float;
/// at most one of the fraction keys −3 … −18 may follow, holding
/// `0 ≤ v < 10^digits` (digits past the ninth are dropped); other
/// unsigned keys are refused, other negative and text keys ignored.
pub(crate) fn decode_duration<T>(
    r: &mut Reader<'_>,
    target: &'static str,
    make: impl FnOnce(i128) -> Option<T>,
) -> Result<T, Error> {
    r.namespaced(|r| duration(r, target, make))
}

fn duration<T>(
    r: &mut Reader<'_>,
    target: &'static str,
    make: impl FnOnce(i128) -> Option<T>,
) -> Result<T, Error> {
    let at = r.position();
    take_tag(r, &[1002], 1002)?;
    r.enter()?;
    if !matches!(r.peek_head()?, Head::Map(_)) {
        return Err(bad(1002, at));
    }
    let last_wins = r.options().duplicate_keys == DuplicateKeys::LastWins;
    let mut seconds = None;
    let mut fraction: Option<(i128, u128)> = None;
    let mut entries = r.map()?;
    while entries.next(r)? {
        let key_at = r.position();
        match r.peek_head()? {
            Head::Unsigned(1) => {
                r.head()?;
                if seconds.is_some() && !last_wins {
                    return Err(Error::new(ErrorKind::DuplicateKey, key_at));
                }
                seconds = Some(read_seconds(r, at)?);
            }
            Head::Negative(n) => {
                r.head()?;
                let key = -1 - i128::from(n);
                let Some(&(_, digits)) = FRACTION_KEYS.iter().find(|(k, _)| *k == key) else {
                    r.skip()?;
                    continue;
                };
                match fraction {
                    Some((seen, _)) if seen != key => return Err(bad(1002, at)),
                    Some(_) if !last_wins => {
                        return Err(Error::new(ErrorKind::DuplicateKey, key_at))
                    }
                    _ => {}
                }
                let value = match r.head()? {
                    Head::Unsigned(v) if u128::from(v) < 10u128.pow(digits) => u128::from(v),
                    _ => return Err(bad(1002, at)),
                };
                // Scaled to nanoseconds; finer digits are dropped.
                let nanos = if digits <= 9 {
                    value * 10u128.pow(9 - digits)
                } else {
                    value / 10u128.pow(digits - 9)
                };
                fraction = Some((key, nanos));
            }
            // Text keys are ignored; a stringref key must resolve to text.
            Head::Text(_) | Head::Tag(25) => {
                r.text()?;
                r.skip()?;
            }
            _ => return Err(bad(1002, at)),
        }
    }
    r.leave();
    let Some(seconds) = seconds else {
        return Err(bad(1002, at));
    };
    let fraction = fraction.map_or(0, |(_, nanos)| nanos as i128);
    let total = match seconds {
        Ok(secs) => i128::from(secs) * i128::from(NANOS),
        Err(float) => match split_float(float) {
            Some((secs, nanos)) => i128::from(secs) * i128::from(NANOS) + i128::from(nanos),
            None => return Err(Error::out_of_range(format_args!("{float:?} s"), target, at)),
        },
    } + fraction;
    make(total).ok_or_else(|| Error::out_of_range(Seconds(total), target, at))
}

/// The value of key 1: integer seconds that fit `i64` (`Ok`) or finite
/// float seconds (`Err`, converted once the fraction is known).
fn read_seconds(r: &mut Reader<'_>, at: usize) -> Result<Result<i64, f64>, Error> {
    match r.peek_head()? {
        Head::Unsigned(_) | Head::Negative(_) => {
            let v = r.i128()?;
            i64::try_from(v).map(Ok).map_err(|_| bad(1002, at))
        }
        Head::Simple(Simple::F16(_) | Simple::F32(_) | Simple::F64(_)) => {
            let v = r.f64()?;
            if v.is_finite() {
                Ok(Err(v))
            } else {
                Err(bad(1002, at))
            }
        }
        _ => Err(bad(1002, at)),
    }
}
