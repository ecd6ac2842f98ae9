//! `boring::Value` → JavaScript (`decode`, `Cursor.decode`).
//!
//! The value is written as plain CBOR by the runtime's `Interop` writer
//! (definite lengths, floats at their width, data-model tags kept; the
//! decoder has already resolved stringrefs and scattered shapes and, unless
//! columns were asked for, expanded tables) and read into JavaScript values
//! by `js/convert.js` in one call: crossing the boundary once per value
//! costs more than building the value. The mapping is in the README.

use boring::{Options, Profile, Value};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

use crate::error::runtime;

#[wasm_bindgen(module = "/js/convert.js")]
extern "C" {
    /// The JavaScript value of one item of plain CBOR; `bytes` is a view of
    /// the module's memory, read before the call returns.
    #[wasm_bindgen(catch)]
    fn read(bytes: &[u8], exact_floats: bool) -> Result<JsValue, JsValue>;
}

/// `value` as JavaScript; with `columns`, its shaped and columnar tables
/// (kept tagged by the decoder) laid out as columns first; with
/// `exact_floats`, floats a plain number would not restore (and −0) as
/// `{float, width}`.
pub(crate) fn to_js(value: Value, columns: bool, exact_floats: bool) -> Result<JsValue, JsValue> {
    let value = if columns {
        crate::tables::columns(value)?
    } else {
        value
    };
    let plain = boring::to_vec_with(&value, &Options::from(Profile::Interop))
        .map_err(|e| runtime(&e, 0))?;
    read(&plain, exact_floats)
}
