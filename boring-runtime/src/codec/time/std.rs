//! The standard library's time types: `core::time::Duration` (no feature)
//! and `std::time::SystemTime` (feature `std`).

use core::time::Duration;

use super::duration::{decode_duration, encode_duration};
use crate::codec::{Decode, Encode};
use crate::error::Error;
use crate::wire::{Reader, Sink, Writer};

/// Tag 1002, `{1: seconds, -9: nanoseconds}` (RFC 9581), as the reference
/// writes a `java.time.Duration`; `-9` is left out when zero. A duration
/// beyond `i64::MAX` seconds has no such form and is refused.
impl Encode for Duration {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        encode_duration(w, self.as_nanos() as i128)
    }
}

/// Any RFC 9581 duration (see `docs/WIRE.md`, "Time types"); a negative
/// one is `OutOfRange`.
impl<'de> Decode<'de> for Duration {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_duration(r, "core::time::Duration", |total| {
            let nanos = u128::try_from(total).ok()?;
            let secs = u64::try_from(nanos / 1_000_000_000).ok()?;
            Some(Duration::new(secs, (nanos % 1_000_000_000) as u32))
        })
    }
}

#[cfg(feature = "std")]
mod system_time {
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    use super::super::forms::{decode_instant, encode_instant_nanos};
    use super::*;

    /// Tag 0, RFC 3339 text in UTC (`Z`) to the nanosecond, the fraction
    /// in groups of three digits as the reference writes it
    /// (`0("2009-02-13T23:31:30.123Z")`). A time outside the years 0000 to
    /// 9999 has no such text and is refused.
    impl Encode for SystemTime {
        fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
            let total = match self.duration_since(UNIX_EPOCH) {
                Ok(after) => after.as_nanos() as i128,
                Err(before) => -(before.duration().as_nanos() as i128),
            };
            encode_instant_nanos(w, total, 0)
        }
    }

    /// Tag 0 at any offset, or tag 1 (integer or float epoch seconds); a
    /// leap second reads as the last nanosecond of second 59, and a time
    /// the platform's `SystemTime` cannot hold is `OutOfRange`.
    impl<'de> Decode<'de> for SystemTime {
        fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
            decode_instant(r, "std::time::SystemTime", |moment| {
                let total = moment.nanos_since_epoch();
                let magnitude = total.unsigned_abs();
                let offset = Duration::new(
                    u64::try_from(magnitude / 1_000_000_000).ok()?,
                    (magnitude % 1_000_000_000) as u32,
                );
                if total < 0 {
                    UNIX_EPOCH.checked_sub(offset)
                } else {
                    UNIX_EPOCH.checked_add(offset)
                }
            })
        }
    }
}
