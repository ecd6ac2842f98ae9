//! The transforms a pipeline is made of, their names and levels.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result, SpecProblem};

/// Every step name a spec string accepts, in the order the docs list them.
pub const NAMES: [&str; 12] = [
    "zstd",
    "lz4",
    "lz4hc",
    "deflate",
    "gzip",
    "crc32c",
    "base64",
    "base64url",
    "base64nopad",
    "base64urlpad",
    "base32",
    "hex",
];

/// One transform: encoding applies it, decoding undoes it.
///
/// Every compressed form is the standard container of its library, so other
/// tools read the bytes of a single step: zstd frames (content checksum on,
/// as the `zstd` tool writes them), LZ4 frames (content checksum on),
/// raw DEFLATE (RFC 1951), gzip members (RFC 1952). `Crc32c` appends the
/// CRC-32C (Castagnoli) of the data as 4 bytes, big-endian. The text
/// encodings are those of RFC 4648; decoding them is strict (no whitespace,
/// padding exactly as written).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Step {
    /// Zstandard at a level in 1..=22 (default 3).
    Zstd {
        /// The compression level.
        level: u8,
    },
    /// LZ4 frame, fast compressor.
    Lz4,
    /// LZ4 frame, high-compression compressor at a level in 1..=12 (default
    /// 9). liblz4's frame library runs its fast compressor at level 1.
    Lz4Hc {
        /// The compression level.
        level: u8,
    },
    /// Raw DEFLATE (RFC 1951) at a level in 1..=9 (default 6).
    Deflate {
        /// The compression level.
        level: u8,
    },
    /// gzip (RFC 1952) at a level in 1..=9 (default 6).
    Gzip {
        /// The compression level.
        level: u8,
    },
    /// The CRC-32C of the data appended (4 bytes, big-endian) and checked.
    Crc32c,
    /// Base64: the standard alphabet (RFC 4648 section 4) or the URL-safe
    /// one (section 5), with or without `=` padding.
    Base64 {
        /// The URL- and file-name-safe alphabet (`-`, `_`).
        url_safe: bool,
        /// Pad the last group with `=`.
        padded: bool,
    },
    /// Base32 (RFC 4648 section 6), padded.
    Base32,
    /// Lower-case hexadecimal (decoding accepts either case).
    Hex,
}

impl Step {
    /// Zstandard at its default level, 3.
    pub const ZSTD: Step = Step::Zstd { level: 3 };
    /// LZ4 high compression at its default level, 9.
    pub const LZ4HC: Step = Step::Lz4Hc { level: 9 };
    /// Raw DEFLATE at its default level, 6.
    pub const DEFLATE: Step = Step::Deflate { level: 6 };
    /// gzip at its default level, 6.
    pub const GZIP: Step = Step::Gzip { level: 6 };
    /// Standard Base64, padded: the `base64` of a spec.
    pub const BASE64: Step = Step::Base64 {
        url_safe: false,
        padded: true,
    };
    /// URL-safe Base64 without padding, as JOSE and COSE write it: the
    /// `base64url` of a spec.
    pub const BASE64URL: Step = Step::Base64 {
        url_safe: true,
        padded: false,
    };

    /// The step's name in a spec string and in a codec header.
    pub fn name(&self) -> &'static str {
        match self {
            Step::Zstd { .. } => "zstd",
            Step::Lz4 => "lz4",
            Step::Lz4Hc { .. } => "lz4hc",
            Step::Deflate { .. } => "deflate",
            Step::Gzip { .. } => "gzip",
            Step::Crc32c => "crc32c",
            Step::Base64 {
                url_safe: false,
                padded: true,
            } => "base64",
            Step::Base64 {
                url_safe: true,
                padded: false,
            } => "base64url",
            Step::Base64 {
                url_safe: false,
                padded: false,
            } => "base64nopad",
            Step::Base64 {
                url_safe: true,
                padded: true,
            } => "base64urlpad",
            Step::Base32 => "base32",
            Step::Hex => "hex",
        }
    }

    /// The level, for the steps that take one.
    pub fn level(&self) -> Option<u8> {
        match *self {
            Step::Zstd { level }
            | Step::Lz4Hc { level }
            | Step::Deflate { level }
            | Step::Gzip { level } => Some(level),
            _ => None,
        }
    }

    /// `(min, default, max)` of the levels the step named `name` takes;
    /// `None` for a step without levels (or an unknown name).
    pub fn levels(name: &str) -> Option<(u8, u8, u8)> {
        match name {
            "zstd" => Some((1, 3, 22)),
            "lz4hc" => Some((1, 9, 12)),
            "deflate" | "gzip" => Some((1, 6, 9)),
            _ => None,
        }
    }

    /// Whether the step compresses (and so is bounded when decoding).
    pub fn compresses(&self) -> bool {
        matches!(
            self,
            Step::Zstd { .. }
                | Step::Lz4
                | Step::Lz4Hc { .. }
                | Step::Deflate { .. }
                | Step::Gzip { .. }
        )
    }

    /// The step called `name` at `level` (`None`: its default), checked.
    /// The error has no position; [`crate::Pipeline::parse`] adds it.
    pub fn from_name(name: &str, level: Option<u64>) -> Result<Step> {
        let levels = Step::levels(name);
        let level = match (levels, level) {
            (None, Some(_)) if NAMES.contains(&name) => {
                let step = NAMES.iter().find(|n| **n == name).copied().unwrap_or("?");
                return Err(Error::spec(None, SpecProblem::TakesNoLevel(step)));
            }
            (Some((min, _, max)), Some(level)) => {
                if level < u64::from(min) || level > u64::from(max) {
                    let step = NAMES.iter().find(|n| **n == name).copied().unwrap_or("?");
                    return Err(Error::spec(
                        None,
                        SpecProblem::LevelOutOfRange {
                            step,
                            level,
                            min,
                            max,
                        },
                    ));
                }
                level as u8
            }
            (Some((_, default, _)), None) => default,
            (None, _) => 0,
        };
        Ok(match name {
            "zstd" => Step::Zstd { level },
            "lz4" => Step::Lz4,
            "lz4hc" => Step::Lz4Hc { level },
            "deflate" => Step::Deflate { level },
            "gzip" => Step::Gzip { level },
            "crc32c" => Step::Crc32c,
            "base64" => Step::BASE64,
            "base64url" => Step::BASE64URL,
            "base64nopad" => Step::Base64 {
                url_safe: false,
                padded: false,
            },
            "base64urlpad" => Step::Base64 {
                url_safe: true,
                padded: true,
            },
            "base32" => Step::Base32,
            "hex" => Step::Hex,
            other => {
                return Err(Error::spec(
                    None,
                    SpecProblem::UnknownName(other.to_string()),
                ))
            }
        })
    }

    /// Checks a step built from code: its level must be in range.
    pub fn validate(&self) -> Result<()> {
        match self.level() {
            Some(level) => Step::from_name(self.name(), Some(u64::from(level))).map(|_| ()),
            None => Ok(()),
        }
    }
}

/// The spec form: the name, then `:level` for the steps that take one,
/// always written out so that the text does not depend on defaults.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.level() {
            Some(level) => write!(f, "{}:{level}", self.name()),
            None => f.write_str(self.name()),
        }
    }
}

/// One `NAME[:LEVEL]`; positions in its errors count from the step's start.
impl FromStr for Step {
    type Err = Error;

    fn from_str(text: &str) -> Result<Step> {
        parse_step(text, 0)
    }
}

/// Parses the step `text`, which starts at byte `start` of a spec string.
pub(crate) fn parse_step(text: &str, start: usize) -> Result<Step> {
    let (name, level) = match text.split_once(':') {
        Some((name, level)) => (name, Some(level)),
        None => (text, None),
    };
    if name.is_empty() {
        return Err(Error::spec(Some(start), SpecProblem::EmptyStep));
    }
    let level_at = start + name.len() + 1;
    let level = match level {
        None => None,
        Some(digits) => {
            let ok = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
            match digits.parse::<u64>() {
                Ok(n) if ok => Some(n),
                // All digits but too long for u64: out of every range.
                Err(_) if ok => Some(u64::MAX),
                _ => {
                    return Err(Error::spec(
                        Some(level_at),
                        SpecProblem::NotANumber(digits.to_string()),
                    ))
                }
            }
        }
    };
    Step::from_name(name, level).map_err(|err| match err {
        Error::Spec { problem, .. } => {
            let at = match problem {
                SpecProblem::UnknownName(_) => start,
                _ => level_at,
            };
            Error::spec(Some(at), problem)
        }
        other => other,
    })
}
