//! The RFC 4648 text encodings: Base64 (`base64`), Base32 and hex
//! (`data-encoding`), streamed in whole groups.

use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
use base64::engine::GeneralPurpose;
use base64::{DecodeError as B64Error, DecodeSliceError, Engine};
use data_encoding::{DecodeKind, Encoding, BASE32, HEXLOWER, HEXLOWER_PERMISSIVE};

use super::Budget;
use crate::error::{Error, Result};
use crate::step::Step;

/// Which encoding.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind {
    /// Base64 with one of the four engines.
    Base64(&'static GeneralPurpose, &'static str),
    /// Base32, padded.
    Base32,
    /// Hexadecimal.
    Hex,
}

impl Kind {
    /// The encoding of a text step (hex for anything else, which the
    /// callers never pass).
    pub(crate) fn of(step: Step) -> Kind {
        match step {
            Step::Base64 { url_safe, padded } => {
                let engine = match (url_safe, padded) {
                    (false, true) => &STANDARD,
                    (false, false) => &STANDARD_NO_PAD,
                    (true, true) => &URL_SAFE,
                    (true, false) => &URL_SAFE_NO_PAD,
                };
                Kind::Base64(engine, step.name())
            }
            Step::Base32 => Kind::Base32,
            _ => Kind::Hex,
        }
    }

    /// The step's name, for errors.
    fn name(self) -> &'static str {
        match self {
            Kind::Base64(_, name) => name,
            Kind::Base32 => "base32",
            Kind::Hex => "hex",
        }
    }

    /// `(bytes, characters)` of one group.
    fn group(self) -> (usize, usize) {
        match self {
            Kind::Base64(..) => (3, 4),
            Kind::Base32 => (5, 8),
            Kind::Hex => (1, 2),
        }
    }

    /// Appends the text of `data` (padded as configured when the length is
    /// not a whole number of groups).
    fn encode(self, data: &[u8], out: &mut Vec<u8>) {
        if data.is_empty() {
            return;
        }
        let before = out.len();
        match self {
            Kind::Base64(engine, _) => {
                let padded = base64::engine::Config::encode_padding(engine.config());
                let len = base64::encoded_len(data.len(), padded).unwrap_or(0);
                out.resize(before + len, 0);
                let written = engine.encode_slice(data, &mut out[before..]).unwrap_or(0);
                out.truncate(before + written);
            }
            Kind::Base32 => data_encoding_encode(&BASE32, data, out),
            Kind::Hex => data_encoding_encode(&HEXLOWER, data, out),
        }
    }

    /// Appends the bytes `text` spells; `at` is the offset of `text` in the
    /// step's input, for the error.
    fn decode(self, text: &[u8], at: u64, out: &mut Vec<u8>) -> Result<usize> {
        let name = self.name();
        let invalid = |offset: usize| Error::InvalidEncoding {
            step: name,
            offset: at + offset as u64,
        };
        let before = out.len();
        match self {
            Kind::Base64(engine, _) => {
                out.resize(before + base64::decoded_len_estimate(text.len()), 0);
                let decoded = engine.decode_slice(text, &mut out[before..]);
                let written = match decoded {
                    Ok(n) => n,
                    Err(DecodeSliceError::DecodeError(e)) => {
                        out.truncate(before);
                        return Err(invalid(match e {
                            B64Error::InvalidByte(i, _) | B64Error::InvalidLastSymbol(i, _) => i,
                            B64Error::InvalidLength(_) | B64Error::InvalidPadding => text.len(),
                        }));
                    }
                    Err(DecodeSliceError::OutputSliceTooSmall) => {
                        out.truncate(before);
                        return Err(invalid(text.len()));
                    }
                };
                out.truncate(before + written);
                Ok(written)
            }
            Kind::Base32 => data_encoding_decode(&BASE32, text, out).map_err(invalid),
            Kind::Hex => data_encoding_decode(&HEXLOWER_PERMISSIVE, text, out).map_err(invalid),
        }
    }
}

/// Appends `encoding`'s text of `data`.
fn data_encoding_encode(encoding: &Encoding, data: &[u8], out: &mut Vec<u8>) {
    let before = out.len();
    out.resize(before + encoding.encode_len(data.len()), 0);
    encoding.encode_mut(data, &mut out[before..]);
}

/// Appends the bytes `text` spells in `encoding`; the error is the offset
/// of the first character in the way.
fn data_encoding_decode(
    encoding: &Encoding,
    text: &[u8],
    out: &mut Vec<u8>,
) -> std::result::Result<usize, usize> {
    let len = encoding.decode_len(text.len()).map_err(|e| match e.kind {
        DecodeKind::Length => text.len(),
        _ => e.position,
    })?;
    let before = out.len();
    out.resize(before + len, 0);
    match encoding.decode_mut(text, &mut out[before..]) {
        Ok(written) => {
            out.truncate(before + written);
            Ok(written)
        }
        Err(partial) => {
            out.truncate(before);
            Err(partial.error.position)
        }
    }
}

/// Encodes in whole groups, holding back the bytes of a partial one.
#[derive(Debug)]
pub(crate) struct Encoder {
    kind: Kind,
    pending: [u8; 8],
    held: usize,
}

impl Encoder {
    /// An encoder of `kind`.
    pub(crate) fn new(kind: Kind) -> Encoder {
        Encoder {
            kind,
            pending: [0; 8],
            held: 0,
        }
    }

    /// Starts a new message.
    pub(crate) fn begin(&mut self) {
        self.held = 0;
    }

    /// Encodes every whole group of what is held and `input`.
    pub(crate) fn update(&mut self, mut input: &[u8], out: &mut Vec<u8>) {
        let (group, _) = self.kind.group();
        if self.held > 0 {
            let take = (group - self.held).min(input.len());
            self.pending[self.held..self.held + take].copy_from_slice(&input[..take]);
            self.held += take;
            input = &input[take..];
            if self.held < group {
                return;
            }
            let pending = self.pending;
            self.kind.encode(&pending[..group], out);
            self.held = 0;
        }
        let whole = input.len() / group * group;
        self.kind.encode(&input[..whole], out);
        let rest = &input[whole..];
        self.pending[..rest.len()].copy_from_slice(rest);
        self.held = rest.len();
    }

    /// Encodes the last, partial group.
    pub(crate) fn finish(&mut self, out: &mut Vec<u8>) {
        let pending = self.pending;
        self.kind.encode(&pending[..self.held], out);
        self.held = 0;
    }
}

/// Decodes in whole groups, always holding back the last group seen:
/// only the final group may be partial or padded.
#[derive(Debug)]
pub(crate) struct Decoder {
    kind: Kind,
    pending: [u8; 8],
    held: usize,
    /// Characters decoded so far, for error offsets.
    seen: u64,
}

impl Decoder {
    /// A decoder of `kind`.
    pub(crate) fn new(kind: Kind) -> Decoder {
        Decoder {
            kind,
            pending: [0; 8],
            held: 0,
            seen: 0,
        }
    }

    /// Starts a new message.
    pub(crate) fn begin(&mut self) {
        self.held = 0;
        self.seen = 0;
    }

    /// Decodes whole groups that are not the last: padding there means
    /// data after the end.
    fn middle(&mut self, text: &[u8], out: &mut Vec<u8>, budget: &mut Budget) -> Result<()> {
        if text.is_empty() {
            return Ok(());
        }
        if let Some(i) = text.iter().position(|&b| b == b'=') {
            return Err(Error::InvalidEncoding {
                step: self.kind.name(),
                offset: self.seen + i as u64,
            });
        }
        let written = self.kind.decode(text, self.seen, out)?;
        self.seen += text.len() as u64;
        budget.spend(written)
    }

    /// Takes more text, decoding all but the last (possibly partial) group.
    pub(crate) fn update(
        &mut self,
        mut input: &[u8],
        out: &mut Vec<u8>,
        budget: &mut Budget,
    ) -> Result<()> {
        let (_, group) = self.kind.group();
        let total = self.held + input.len();
        if total == 0 {
            return Ok(());
        }
        let mut now = (total - 1) / group * group;
        if now > 0 && self.held > 0 {
            let take = group - self.held;
            self.pending[self.held..group].copy_from_slice(&input[..take]);
            input = &input[take..];
            let pending = self.pending;
            self.middle(&pending[..group], out, budget)?;
            self.held = 0;
            now -= group;
        }
        if self.held == 0 {
            self.middle(&input[..now], out, budget)?;
            input = &input[now..];
        }
        self.pending[self.held..self.held + input.len()].copy_from_slice(input);
        self.held += input.len();
        Ok(())
    }

    /// Decodes the last group.
    pub(crate) fn finish(&mut self, out: &mut Vec<u8>, budget: &mut Budget) -> Result<()> {
        let pending = self.pending;
        let written = self.kind.decode(&pending[..self.held], self.seen, out)?;
        self.held = 0;
        budget.spend(written)
    }
}
