//! `Display` (diagnostic notation) and indexing by key and position for
//! `Value`, as users of `serde_json::Value` expect them.

use core::fmt;
use core::ops::Index;

use super::Value;

/// `{}` prints the value in diagnostic notation (RFC 8949 §8), floats with
/// their width indicator; a value that cannot be encoded (nesting past the
/// depth limit) prints as an error.
///
/// ```
/// use boring::Value;
///
/// let v = Value::Map(vec![("a".into(), Value::Array(vec![1.into(), 1.5f32.into()].into()))].into());
/// assert_eq!(v.to_string(), r#"{"a": [1, 1.5_2]}"#);
/// ```
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let options = crate::Options::from(crate::Profile::Interop);
        let bytes = crate::to_vec_with(self, &options).map_err(|_| fmt::Error)?;
        let text = crate::diag::diag(&bytes).map_err(|_| fmt::Error)?;
        f.write_str(&text)
    }
}

/// What indexing a value finds where there is nothing: `null`, as
/// `serde_json` does.
static NULL: Value = Value::Null;

/// `value["key"]`: the first entry whose key is the text `key` or the
/// keyword `:key` ([`Value::get`]); `null` when there is none or the value
/// is not a map.
///
/// ```
/// use boring::Value;
///
/// let v = Value::Map(vec![(Value::keyword("id"), 7.into())].into());
/// assert_eq!(v["id"], Value::from(7));
/// assert!(v["missing"].is_null());
/// ```
impl Index<&str> for Value {
    type Output = Value;

    fn index(&self, key: &str) -> &Value {
        self.get(key).unwrap_or(&NULL)
    }
}

/// `value[i]`: element `i` of an array; `null` past its end or when the
/// value is not an array.
///
/// ```
/// use boring::Value;
///
/// let v = Value::Array(vec!["a".into(), "b".into()].into());
/// assert_eq!(v[1], Value::from("b"));
/// assert!(v[5].is_null());
/// ```
impl Index<usize> for Value {
    type Output = Value;

    fn index(&self, i: usize) -> &Value {
        self.as_array()
            .and_then(|items| items.get(i))
            .unwrap_or(&NULL)
    }
}
