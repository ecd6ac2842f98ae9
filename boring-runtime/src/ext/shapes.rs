//! Shaped arrays, tag 39649: `[keys, rows]`, the key set written once.
//!
//! The writer rules (WIRE.md §7 of the reference) live here so that derived
//! record vectors and `Value` arrays of maps take the same decision and
//! write the same bytes.

use crate::value::Value;

/// The shaped-array tag.
pub const TAG: u64 = 39649;

/// The reference's size estimate for a text key: 1 + its length in UTF-16
/// code units.
pub fn text_key_estimate(text: &str) -> usize {
    1 + utf16_len(text)
}

/// The estimate for an identifier key (tag 39 over `text`): a keyword
/// (`":ns/name"`) counts 4 + the length without the colon, a symbol 3 + its
/// length.
pub fn identifier_key_estimate(text: &str) -> usize {
    match text.strip_prefix(':') {
        Some(name) => 4 + utf16_len(name),
        None => 3 + utf16_len(text),
    }
}

/// The estimate for any key: text and identifiers as above, 8 otherwise.
pub fn key_estimate(key: &Value) -> usize {
    match key {
        Value::Text(t) => text_key_estimate(t),
        Value::Tag(39, inner) => match &**inner {
            Value::Text(t) => identifier_key_estimate(t),
            _ => 8,
        },
        _ => 8,
    }
}

fn utf16_len(text: &str) -> usize {
    text.chars().map(char::len_utf16).sum()
}

/// The density guard: whether a table is worth shaping.
///
/// * `occurrences` — E, key occurrences over all rows;
/// * `union_len` — U, the size of the union key set;
/// * `padding` — P, Σ over rows of (highest union position the row uses +
///   1 − the row's size): the `undefined` fillers shaping would write;
/// * `estimate_sum` — Σ of [`key_estimate`] over the union.
///
/// Shapes are written only when `P < (E − U) × max(1, ⌊Σ estimate / U⌋)`,
/// that is when [`saving`] is above zero.
pub fn dense_enough(
    occurrences: usize,
    union_len: usize,
    padding: usize,
    estimate_sum: usize,
) -> bool {
    saving(occurrences, union_len, padding, estimate_sum) > 0
}

/// The guard's estimate of the bytes a table saves over plain maps:
/// `(E − U) × max(1, ⌊Σ estimate / U⌋) − P`, or 0 when that is not
/// positive (or the union is empty). A keyed table (tag 39654) asks for
/// more than a table does, as it adds its own heads.
pub fn saving(occurrences: usize, union_len: usize, padding: usize, estimate_sum: usize) -> usize {
    if union_len == 0 {
        return 0;
    }
    let average = (estimate_sum / union_len).max(1);
    let saved = occurrences.saturating_sub(union_len);
    saved.saturating_mul(average).saturating_sub(padding)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_follow_the_reference() {
        assert_eq!(identifier_key_estimate(":a"), 5);
        assert_eq!(identifier_key_estimate(":user/name"), 13);
        assert_eq!(identifier_key_estimate("sym"), 6);
        assert_eq!(text_key_estimate("id"), 3);
        assert_eq!(text_key_estimate("é"), 2);
        assert_eq!(key_estimate(&Value::Integer(1)), 8);
    }

    #[test]
    fn guard_matches_worked_examples() {
        // [{:a 1} {:b 2}]: E=2, U=2, P=1 → declined.
        assert!(!dense_enough(2, 2, 1, 10));
        // [{:a 1} {:a 2 :b 3}]: E=3, U=2, P=0 → shaped.
        assert!(dense_enough(3, 2, 0, 10));
    }
}
