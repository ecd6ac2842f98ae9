//! boring's CBOR runtime for JavaScript, through WebAssembly
//! (wasm-bindgen).
//!
//! - [`decode`]: CBOR bytes → JavaScript values;
//! - [`encode`]: JavaScript values → CBOR bytes under any profile, the
//!   bytes the Rust encoder writes for the same `boring::Value`;
//! - [`cursor`]: navigation over the bytes without decoding the rest, and
//!   the items of a CBOR sequence.
//!
//! Errors are JavaScript `Error`s with `kind` (the runtime's stable error
//! name, e.g. `truncated-input`) and `offset` (the byte offset, or
//! `undefined`). The data-model mapping is in the crate's README; values
//! cross between the module and JavaScript as one buffer of plain CBOR per
//! call (`js/convert.js`), not one call per value.
//!
//! The crate also builds natively, so that the workspace's tests and lints
//! cover it; its functions are only meaningful inside a JavaScript host.

mod cursor;
mod error;
mod from_js;
mod options;
mod tables;
mod to_js;

use js_sys::Array;
use wasm_bindgen::prelude::*;

pub use cursor::Cursor;

/// Decodes one CBOR item from `bytes` into a JavaScript value.
///
/// `options` (optional): `columns` (shaped and columnar tables as columns),
/// `exactFloats` (floats a plain number would not re-encode identically,
/// and −0, as `{float, width}`), `maxDepth`, `duplicateKeys` (`"reject"` or
/// `"last-wins"`).
///
/// # Errors
///
/// Malformed or truncated input, trailing bytes, or invalid options: an
/// `Error` with `kind` and `offset`.
#[wasm_bindgen]
pub fn decode(bytes: &[u8], options: JsValue) -> Result<JsValue, JsValue> {
    let config = options::decode_config(&options)?;
    let value = boring::from_slice_with::<boring::Value>(bytes, &config.options)
        .map_err(|e| error::runtime(&e, 0))?;
    to_js::to_js(value, config.columns, config.exact_floats)
}

/// Encodes a JavaScript value as one CBOR item.
///
/// `profile` (optional): a profile name (`"default"`, `"compact"`,
/// `"interop"`, `"archival"`, `"canonical"`, `"canonical-rfc7049"`,
/// `"ctap2"`), or an object with `profile` and the switches the profile
/// leaves open: `stringref`, `shapes`, `scatteredShapes`, `columns`,
/// `typedArrays`, `floats` (`"preserve"` or `"shortest"`), `maxDepth`.
///
/// # Errors
///
/// A value with no CBOR form (kind `unencodable`), a profile that cannot
/// write it, or invalid options.
#[wasm_bindgen]
pub fn encode(value: JsValue, profile: JsValue) -> Result<Vec<u8>, JsValue> {
    let options = options::encode_options(&profile)?;
    let value = from_js::value(&value)?;
    boring::to_vec_with(&value, &options).map_err(|e| error::runtime(&e, 0))
}

/// A cursor on the first item of `bytes` (a copy is kept); its `items()`
/// are the items of the CBOR sequence `bytes` holds.
///
/// # Errors
///
/// Empty input or a malformed first head.
#[wasm_bindgen]
pub fn cursor(bytes: &[u8]) -> Result<Cursor, JsValue> {
    cursor::open(bytes)
}

/// The names of the profiles `encode` accepts.
#[wasm_bindgen]
pub fn profiles() -> Array {
    boring::Profile::ALL
        .iter()
        .map(|p| JsValue::from_str(p.name()))
        .collect()
}
