//! `cursor(bytes)`: navigation over encoded bytes from JavaScript, through
//! `boring::nav::Cursor` and `boring::seq::SeqReader`, decoding only the
//! item asked for.
//!
//! A JavaScript `Cursor` owns a copy of the input (shared by every cursor
//! made from it) and remembers its top-level item's byte range and the path
//! from there; each call navigates that path again, so a cursor holds no
//! borrow across calls. Each top-level item is a document of its own
//! (its stringref namespace and scattered shapes are its own), so reading
//! one from its byte range alone is exact.

use std::rc::Rc;

use boring::nav::{self, Key, Kind};
use boring::seq::{SeqEnd, SeqReader};
use boring::{ErrorKind, Value};
use js_sys::{Array, BigInt, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::error::{runtime, unplaced, INVALID_OPTIONS};
use crate::options::decode_config;

/// The largest integer a JavaScript number holds exactly, 2^53 − 1.
const MAX_SAFE: i64 = (1 << 53) - 1;

/// A position in encoded CBOR: the item at a path inside one top-level
/// item of a byte buffer.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Cursor {
    data: Rc<[u8]>,
    /// The top-level item's byte range in `data`.
    start: usize,
    end: usize,
    /// The steps from the top-level item.
    path: Vec<Step>,
    /// Whether this is the cursor `cursor(bytes)` returned, whose `items()`
    /// are the items of the sequence.
    sequence: bool,
}

/// One owned step of a path.
#[derive(Debug, Clone)]
enum Step {
    Text(String),
    Keyword(String),
    Int(i64),
    Index(usize),
}

impl Step {
    fn key(&self) -> Key<'_> {
        match self {
            Step::Text(t) => Key::Text(t),
            Step::Keyword(k) => Key::keyword(k),
            Step::Int(i) => Key::Int(*i),
            Step::Index(i) => Key::Index(*i),
        }
    }

    /// A path step from JavaScript: a string (a text key), a non-negative
    /// integer (an array position, or that integer key of a map), a
    /// negative integer (an integer key), or a keyword `{tag: 39, value:
    /// ":name"}`.
    fn from_js(js: &JsValue) -> Result<Step, JsValue> {
        if let Some(text) = js.as_string() {
            return Ok(Step::Text(text));
        }
        if let Some(n) = js.as_f64() {
            if n.fract() == 0.0 && n >= 0.0 && n <= MAX_SAFE as f64 {
                return Ok(Step::Index(n as usize));
            }
            if n.fract() == 0.0 && n < 0.0 && n >= -(MAX_SAFE as f64) {
                return Ok(Step::Int(n as i64));
            }
        }
        if js.is_bigint() {
            if let Ok(n) = i64::try_from(js.clone().unchecked_into::<BigInt>()) {
                return Ok(Step::Int(n));
            }
        }
        if js.is_object() {
            let tag = Reflect::get(js, &JsValue::from_str("tag"))?;
            let value = Reflect::get(js, &JsValue::from_str("value"))?;
            if tag.as_f64() == Some(39.0) {
                if let Some(name) = value
                    .as_string()
                    .as_deref()
                    .and_then(|v| v.strip_prefix(':'))
                {
                    return Ok(Step::Keyword(name.to_owned()));
                }
            }
        }
        Err(unplaced(
            INVALID_OPTIONS,
            "a path step is a string, an integer or a keyword {tag: 39, value: \":name\"}",
        ))
    }
}

/// A cursor on the first item of `bytes` (which may be a CBOR sequence).
pub(crate) fn open(bytes: &[u8]) -> Result<Cursor, JsValue> {
    let data: Rc<[u8]> = Rc::from(bytes);
    let first = nav::Cursor::new(&data).map_err(|e| runtime(&e, 0))?;
    let end = first.bytes().map_err(|e| runtime(&e, 0))?.len();
    Ok(Cursor {
        data: data.clone(),
        start: 0,
        end,
        path: Vec::new(),
        sequence: true,
    })
}

impl Cursor {
    /// Runs `f` on the runtime cursor this one stands for; offsets in its
    /// errors count from the start of the whole input.
    fn with<T>(
        &self,
        f: impl FnOnce(nav::Cursor<'_>) -> Result<T, boring::Error>,
    ) -> Result<T, JsValue> {
        let shift = self.start;
        let item = &self.data[self.start..self.end];
        let run = || {
            let root = nav::Cursor::new(item)?;
            let keys: Vec<Key<'_>> = self.path.iter().map(Step::key).collect();
            f(root.path(&keys)?)
        };
        run().map_err(|e| runtime(&e, shift))
    }

    fn at(&self, start: usize, end: usize) -> Cursor {
        Cursor {
            data: self.data.clone(),
            start,
            end,
            path: Vec::new(),
            sequence: false,
        }
    }
}

#[wasm_bindgen]
impl Cursor {
    /// The cursor at `path` from here: one step, or an array of steps.
    /// Steps are strings (text keys), integers (array positions; on a map,
    /// integer keys) and keywords (`{tag: 39, value: ":name"}`). A step that
    /// leads nowhere throws with kind `path-absent`.
    pub fn get(&self, path: JsValue) -> Result<Cursor, JsValue> {
        let mut next = self.clone();
        next.sequence = false;
        match path.dyn_ref::<Array>() {
            Some(steps) => {
                for step in steps.iter() {
                    next.path.push(Step::from_js(&step)?);
                }
            }
            None => next.path.push(Step::from_js(&path)?),
        }
        next.with(|_| Ok(()))?;
        Ok(next)
    }

    /// The number of elements of an array (rows of a table) or entries of a
    /// map, read from heads.
    pub fn count(&self) -> Result<usize, JsValue> {
        self.with(|c| c.len())
    }

    /// What the item is: `"integer"`, `"float"`, `"text"`, `"bytes"`,
    /// `"array"`, `"map"`, `"bool"`, `"null"`, `"undefined"`, `"simple"` or
    /// `"stringref"` (tags are looked through; see `tags()`).
    pub fn kind(&self) -> Result<String, JsValue> {
        let kind = self.with(|c| c.kind())?;
        Ok(match kind {
            Kind::Integer => "integer",
            Kind::Float => "float",
            Kind::Text => "text",
            Kind::Bytes => "bytes",
            Kind::Array => "array",
            Kind::Map => "map",
            Kind::Bool => "bool",
            Kind::Null => "null",
            Kind::Undefined => "undefined",
            Kind::Stringref => "stringref",
            _ => "simple",
        }
        .to_owned())
    }

    /// The tags around the item, outermost first.
    pub fn tags(&self) -> Result<Vec<f64>, JsValue> {
        let tags = self.with(|c| c.tags())?;
        Ok(tags.into_iter().map(|t| t as f64).collect())
    }

    /// The byte offset of the item in the input; `undefined` for what only a
    /// table stands for (a row, an element of a typed column).
    #[wasm_bindgen(getter)]
    pub fn offset(&self) -> Result<Option<usize>, JsValue> {
        let at = self.with(|c| Ok(c.offset()))?;
        Ok(at.map(|at| at + self.start))
    }

    /// The exact encoded bytes of the item (a copy).
    pub fn bytes(&self) -> Result<Vec<u8>, JsValue> {
        self.with(|c| c.bytes().map(<[u8]>::to_vec))
    }

    /// The item decoded, with `decode`'s options. Only this item is read. A
    /// top-level item honours every option; an item inside one is built by
    /// the runtime's cursor (tables as rows, default limits), and only
    /// `exactFloats` applies to it.
    pub fn decode(&self, options: JsValue) -> Result<JsValue, JsValue> {
        let config = decode_config(&options)?;
        let value = if self.path.is_empty() {
            // The top-level item, decoded as a document under the options.
            let item = &self.data[self.start..self.end];
            boring::from_slice_with::<Value>(item, &config.options)
                .map_err(|e| runtime(&e, self.start))?
        } else {
            self.with(|c| c.to_value())?
        };
        crate::to_js::to_js(value, config.columns, config.exact_floats)
    }

    /// On the cursor `cursor(bytes)` returned: a cursor on each top-level
    /// item of the CBOR sequence (RFC 8742), a final index frame set aside.
    /// On any other cursor: a cursor on each element of its array (kind
    /// `unexpected-type` for anything else). A sequence that
    /// ends inside an item, or in bytes that are not CBOR, throws (kind
    /// `truncated-input` with the torn item's offset, or the error found).
    pub fn items(&self) -> Result<Array, JsValue> {
        let out = Array::new();
        if self.sequence {
            let mut reader = SeqReader::new(&self.data);
            for item in reader.by_ref() {
                let at = item.offset().unwrap_or_default();
                let len = item.bytes().map_err(|e| runtime(&e, 0))?.len();
                out.push(&JsValue::from(self.at(at, at + len)));
            }
            return match reader.end() {
                Some(SeqEnd::Torn { offset }) => Err(runtime(
                    &boring::Error::new(ErrorKind::Truncated, *offset as usize),
                    0,
                )),
                Some(SeqEnd::Corrupt(e)) => Err(runtime(e, 0)),
                _ => Ok(out),
            };
        }
        if self.with(|c| c.kind())? != Kind::Array {
            return Err(runtime(
                &boring::Error::new(
                    ErrorKind::UnexpectedType {
                        expected: "an array",
                        found: "another item",
                    },
                    self.offset()?.unwrap_or(self.start),
                ),
                0,
            ));
        }
        let count = self.count()?;
        for i in 0..count {
            let mut element = self.clone();
            element.sequence = false;
            element.path.push(Step::Index(i));
            out.push(&JsValue::from(element));
        }
        Ok(out)
    }
}
