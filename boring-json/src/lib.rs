//! JSON text to CBOR and CBOR to JSON text in one pass each, following
//! RFC 8949 §6.1–6.2; `docs/JSON.md` states the mapping.
//!
//! JSON is tokenized here (safe Rust over `&[u8]`) and written through
//! [`boring::Writer`], so the options' profile applies: plain CBOR under
//! `Interop`, stringref under `Default`, floats at their shortest exact
//! width where the profile's float policy says so, sorted keys under the
//! deterministic profiles. CBOR is read with [`boring::Reader`], so
//! stringref and boring's own layouts read back as plain JSON.
//!
//! ```
//! use boring::{FloatPolicy, Options, Profile};
//!
//! // Plain CBOR, floats in the shortest width that holds them exactly.
//! let options = Options::from(Profile::Interop).float_policy(FloatPolicy::Shortest);
//! let cbor = boring_json::json_to_cbor(br#"{"a":[1,2.5,"x"]}"#, &options)?;
//! assert_eq!(cbor, [0xa1, 0x61, b'a', 0x83, 0x01, 0xf9, 0x41, 0x00, 0x61, b'x']);
//! let json = boring_json::cbor_to_json(&cbor, &Options::default(), false)?;
//! assert_eq!(json, r#"{"a":[1,2.5,"x"]}"#);
//!
//! // Bad input is a typed error with its byte offset.
//! let err = boring_json::json_to_cbor(b"[1,]", &Options::default()).unwrap_err();
//! assert_eq!(err.offset(), Some(3));
//! # Ok::<(), boring_json::Error>(())
//! ```

#![forbid(unsafe_code)]

mod direct;
mod emit;
mod error;
mod out;
mod tape;
mod unescape;
mod value;

use boring::wire::Sink;
use boring::{KeyOrder, Options, Reader, Value, Writer};

pub use error::{Error, ErrorKind};

use out::{BytesAs, Out};

/// Converts JSON text to one CBOR item under `options`.
///
/// # Errors
///
/// [`ErrorKind::Syntax`] (with the offset in `json`) for text that is not
/// JSON, [`ErrorKind::DepthExceeded`] past the options' depth limit,
/// [`ErrorKind::NumberOutOfRange`] for a number too large for an `f64`,
/// and [`ErrorKind::Cbor`] when the options do not resolve or the profile
/// cannot write a value (a bignum under `Ctap2`).
pub fn json_to_cbor(json: &[u8], options: &Options) -> Result<Vec<u8>, Error> {
    // CBOR is rarely larger than its JSON: one allocation, no regrowth.
    let mut writer = Writer::with_sink(Vec::with_capacity(json.len()), options)?;
    json_to_writer(json, &mut writer)?;
    Ok(writer.into_sink())
}

/// Converts JSON text to one top-level CBOR item written to `writer`
/// (into any sink: a buffer, a slice, an `IoSink`). The whole text is
/// checked before anything is written.
///
/// # Errors
///
/// As [`json_to_cbor`], and the sink's error.
pub fn json_to_writer<S: Sink>(json: &[u8], writer: &mut Writer<S>) -> Result<(), Error> {
    let resolved = writer.options();
    let tape = tape::parse(json, resolved.max_depth)?;
    if resolved.key_order == KeyOrder::Insertion {
        writer.write(&tape)?;
    } else {
        // Sorting keys needs whole maps: go through a `Value`, whose
        // encoder orders them.
        let mut plain = Writer::new(&Options::from(boring::Profile::Interop))?;
        plain.write(&tape)?;
        let value: Value = boring::from_slice(plain.buffer())?;
        writer.write(&value)?;
    }
    Ok(())
}

/// Converts JSON text to a [`Value`].
///
/// # Errors
///
/// As [`json_to_cbor`].
pub fn json_to_value(json: &[u8]) -> Result<Value, Error> {
    let cbor = json_to_cbor(json, &Options::from(boring::Profile::Interop))?;
    Ok(boring::from_slice(&cbor)?)
}

/// Converts one CBOR item to JSON text, indented by two spaces when
/// `pretty`. `options` govern reading (limits, tag policy).
///
/// # Errors
///
/// [`ErrorKind::Cbor`] with the offset in `cbor` for malformed input, a
/// limit of the reader or trailing bytes, and `Cbor(LimitExceeded)` for
/// JSON text past the options' output budget (`Options::output_budget`, by
/// default `max(64 MiB, 64 × cbor.len())`: repeated stringrefs, deep
/// indentation and non-text keys nested in keys can make far more text
/// than input); [`ErrorKind::NonFiniteFloat`] for NaN or an infinity.
pub fn cbor_to_json(cbor: &[u8], options: &Options, pretty: bool) -> Result<String, Error> {
    let (text, end) = cbor_item_to_json(cbor, 0, options, pretty)?;
    if end != cbor.len() {
        return Err(boring::Error::new(boring::ErrorKind::TrailingBytes, end).into());
    }
    Ok(text)
}

/// Converts the CBOR item that starts at offset `at` of `cbor` to JSON
/// text, and gives the offset just past it: the step for reading an
/// RFC 8742 CBOR sequence item by item. Bytes after the item are left
/// alone.
///
/// ```
/// use boring::Options;
///
/// // A sequence of two items: 1, then ["a"].
/// let seq = [0x01, 0x81, 0x61, b'a'];
/// let (first, next) = boring_json::cbor_item_to_json(&seq, 0, &Options::default(), false)?;
/// assert_eq!((first.as_str(), next), ("1", 1));
/// let (second, end) = boring_json::cbor_item_to_json(&seq, next, &Options::default(), false)?;
/// assert_eq!((second.as_str(), end), (r#"["a"]"#, 4));
/// // An item cut short is an error with its offset in the whole input:
/// // here the array head at byte 1 promises more than is left.
/// let err = boring_json::cbor_item_to_json(&[0x01, 0x82, 0x01], 1, &Options::default(), false)
///     .unwrap_err();
/// assert_eq!(err.offset(), Some(1));
/// # Ok::<(), boring_json::Error>(())
/// ```
///
/// # Errors
///
/// As [`cbor_to_json`] (no item at `at` is [`boring::ErrorKind::Truncated`]),
/// offsets counted from the start of `cbor`.
pub fn cbor_item_to_json(
    cbor: &[u8],
    at: usize,
    options: &Options,
    pretty: bool,
) -> Result<(String, usize), Error> {
    let item = cbor.get(at..).unwrap_or_default();
    // Text strings are copied unchecked and the whole text is checked
    // once at the end (`out::into_text`): one pass instead of one call per
    // string, most of them short. Only when the text is invalid somewhere
    // is the conversion run again checking each string, so that the error
    // is the first one in the input, with its offset.
    match convert(item, options, pretty, false) {
        Ok((out, used)) => {
            if let Some(text) = out::into_text(out.buf) {
                return Ok((text, at + used));
            }
        }
        // With all text before the failure valid, the checking pass would
        // stop at this same error: it is the first, and the pass (which
        // may have spent the whole output budget) is not run again.
        Err((e, written)) if simdutf8::basic::from_utf8(&written).is_ok() => {
            return Err(e.shifted(at));
        }
        Err(_) => {}
    }
    Err(first_error(item, options, pretty).shifted(at))
}

/// One conversion pass over the first item of `cbor`, checking each text
/// string's UTF-8 when `check_text`: the text and the bytes read, or the
/// error and the text written before it.
fn convert(
    cbor: &[u8],
    options: &Options,
    pretty: bool,
    check_text: bool,
) -> Result<(Out, usize), (Error, Vec<u8>)> {
    let unwritten = |e: boring::Error| (Error::from(e), Vec::new());
    let mut reader = Reader::with_options(cbor, options).map_err(unwritten)?;
    let resolved = options.resolve().map_err(unwritten)?;
    // JSON text is rarely over twice its CBOR: one allocation, no regrowth.
    let mut out = Out::new(pretty, cbor.len() * 2 + 64);
    // The text is held to the decoder's output budget for this input.
    let budget = resolved.output_budget.bytes_for(cbor.len());
    out.limit = usize::try_from(budget).unwrap_or(usize::MAX);
    if !check_text {
        if let Some(used) = direct::convert(cbor, &resolved, &mut out) {
            return Ok((out, used));
        }
        out.clear();
    }
    out.check_text = check_text;
    match emit::item(&mut reader, &mut out, BytesAs::Base64Url) {
        Ok(()) => Ok((out, reader.position())),
        Err(e) => Err((e, out.buf)),
    }
}

/// The first error of the item at the start of `cbor`, found by the
/// checking pass.
#[cold]
fn first_error(cbor: &[u8], options: &Options, pretty: bool) -> Error {
    match convert(cbor, options, pretty, true) {
        Err((e, _)) => e,
        // Not reached: the unchecked pass failed, so the checking one does.
        Ok(_) => Error::from(boring::Error::new(boring::ErrorKind::InvalidUtf8, 0)),
    }
}

/// Converts a [`Value`] to JSON text, indented when `pretty`.
///
/// # Errors
///
/// [`ErrorKind::NonFiniteFloat`] for NaN or an infinity (offset 0);
/// `ErrorKind::Cbor(LimitExceeded)` for text past the default output
/// budget of the value's CBOR (`max(64 MiB, 64 ×` its Interop length`)`),
/// which only keys that are maps or arrays nested in one another reach:
/// each level escapes the text of the one inside.
pub fn value_to_json(value: &Value, pretty: bool) -> Result<String, Error> {
    // Measuring the value's CBOR is a pass over all of it, as long as a
    // third of the conversion: text within the budget's floor needs no
    // length, so the value is measured only when its text passes the floor.
    let budget = |len: usize| boring::OutputBudget::Proportional.bytes_for(len);
    let floor = budget(0);
    match value_to_json_within(value, pretty, floor) {
        Err(e) if e.kind() == &ErrorKind::Cbor(boring::ErrorKind::LimitExceeded) => {
            let interop = Options::from(boring::Profile::Interop);
            let len = boring::encoded_len(value, &interop).unwrap_or(usize::MAX);
            match budget(len) {
                larger if larger > floor => value_to_json_within(value, pretty, larger),
                _ => Err(e),
            }
        }
        converted => converted,
    }
}

/// [`value_to_json`] with text held to `budget` bytes.
fn value_to_json_within(value: &Value, pretty: bool, budget: u64) -> Result<String, Error> {
    let mut out = Out::new(pretty, 64);
    out.limit = usize::try_from(budget).unwrap_or(usize::MAX);
    value::emit_value(value, &mut out, BytesAs::Base64Url, 0)?;
    // A `Value`'s text is UTF-8 already and everything else is ASCII.
    out::into_text(out.buf)
        .ok_or_else(|| Error::from(boring::Error::new(boring::ErrorKind::InvalidUtf8, 0)))
}
