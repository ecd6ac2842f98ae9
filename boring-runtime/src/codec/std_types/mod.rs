//! Types of `core`, `alloc` and `std` that the other codec files leave
//! out: IP addresses, prefixes and socket addresses (`net`, `prefix`,
//! `socket`), transparent wrappers (`wrappers`), ranges, `Cow<[T]>` reads
//! and the wide `NonZero` integers (`misc`), and with `std` paths and OS
//! strings (`path`). `docs/WIRE.md` ("Standard library types") lists each
//! type's wire form.

mod misc;
mod net;
#[cfg(feature = "std")]
mod path;
mod prefix;
mod socket;
mod wrappers;

pub use prefix::IpPrefix;
