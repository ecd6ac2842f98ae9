//! Errors as JavaScript `Error`s carrying a stable `kind` (the runtime's
//! `ErrorKind::reference_name`) and `offset` (a byte offset, or
//! `undefined` where none locates the error).

use js_sys::Reflect;
use wasm_bindgen::JsValue;

/// The kind of an error the JavaScript side of a conversion finds (a value
/// with no CBOR form); the runtime's own name for the same failure.
pub(crate) const UNENCODABLE: &str = "unencodable";
/// The kind of an option the caller spelled wrongly; the runtime's name.
pub(crate) const INVALID_OPTIONS: &str = "invalid-options";

/// A runtime error whose offsets count from `shift` bytes into the caller's
/// input (a sequence item read on its own).
pub(crate) fn runtime(e: &boring::Error, shift: usize) -> JsValue {
    let offset = e.offset().map(|at| at.saturating_add(shift));
    let message = match offset {
        Some(at) => format!("{} at byte {at}", e.kind()),
        None => e.kind().to_string(),
    };
    build(e.kind().reference_name(), &message, offset)
}

/// An error of `kind` with `message`, located by no byte offset.
pub(crate) fn unplaced(kind: &str, message: &str) -> JsValue {
    build(kind, message, None)
}

fn build(kind: &str, message: &str, offset: Option<usize>) -> JsValue {
    let error = js_sys::Error::new(message);
    let offset = offset.map_or(JsValue::UNDEFINED, |at| JsValue::from_f64(at as f64));
    // Setting a property on a fresh Error cannot fail.
    let _ = Reflect::set(&error, &JsValue::from_str("kind"), &JsValue::from_str(kind));
    let _ = Reflect::set(&error, &JsValue::from_str("offset"), &offset);
    error.into()
}
