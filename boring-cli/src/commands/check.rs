//! `boring check`: decode every item under a profile's options, and
//! report the count or the first error, as text or as one JSON object.

use std::fmt::Write as _;
use std::io::{self, Write};

use boring::Options;

use crate::args::CheckArgs;
use crate::commands::{decode_items, needs_deterministic, validated};
use crate::failure::Failure;
use crate::input;

/// Runs `check`; the exit status is the same with or without `--json`.
pub(crate) fn check(args: &CheckArgs) -> Result<(), Failure> {
    let options = options(args)?;
    let mut items = 0;
    let outcome = input::read(&args.input).and_then(|bytes| {
        if bytes.is_empty() {
            return Err(Failure::Empty);
        }
        let (count, error) = decode_items(&bytes, &options, |_| Ok(()));
        items = count;
        error.map_or(Ok(()), |e| Err(Failure::Data(e)))
    });
    let mut out = io::stdout().lock();
    if args.json {
        writeln!(out, "{}", json_report(items, outcome.as_ref().err()))?;
    } else if outcome.is_ok() {
        let plural = if items == 1 { "" } else { "s" };
        writeln!(out, "OK ({items} item{plural})")?;
    }
    out.flush()?;
    outcome
}

/// The decoding options `check` asked for, refused as a usage error when
/// they do not fit the profile.
fn options(args: &CheckArgs) -> Result<Options, Failure> {
    let profile = args.profile.0;
    if args.verify_deterministic && !profile.is_deterministic() {
        return Err(needs_deterministic("--verify-deterministic", profile));
    }
    let mut options = Options::from(profile).verify_deterministic(args.verify_deterministic);
    if let Some(depth) = args.max_depth {
        // clap has bounded it to 1..=2048 already.
        options = options.max_depth(usize::try_from(depth).unwrap_or(usize::MAX));
    }
    validated(options)
}

/// `{"ok": …, "items": …, "error": …}`: `items` counts the items decoded
/// before the error.
fn json_report(items: usize, failure: Option<&Failure>) -> String {
    let error = match failure {
        None => "null".to_string(),
        Some(failure) => {
            let (kind, offset, message) = failure.parts();
            let offset = offset.map_or("null".to_string(), |at| at.to_string());
            format!(
                "{{\"kind\": {}, \"offset\": {offset}, \"message\": {}}}",
                json_string(kind),
                json_string(&message)
            )
        }
    };
    format!(
        "{{\"ok\": {}, \"items\": {items}, \"error\": {error}}}",
        failure.is_none()
    )
}

/// `text` as a JSON string literal.
fn json_string(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\r' => quoted.push_str("\\r"),
            '\t' => quoted.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(quoted, "\\u{:04x}", u32::from(c));
            }
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_escape_what_json_requires() {
        assert_eq!(json_string("a\"b\\c\nd\u{1}é"), r#""a\"b\\c\nd\u0001é""#);
    }

    #[test]
    fn json_reports_parse_back() {
        let ok: serde_json::Value = serde_json::from_str(&json_report(3, None)).unwrap();
        assert_eq!(ok["ok"], true);
        assert_eq!(ok["items"], 3);
        assert!(ok["error"].is_null());
        let bad: serde_json::Value =
            serde_json::from_str(&json_report(0, Some(&Failure::Empty))).unwrap();
        assert_eq!(bad["ok"], false);
        assert_eq!(bad["error"]["kind"], "empty-input");
        assert!(
            bad["error"]["offset"].is_null(),
            "an empty input has no offset"
        );
        assert_eq!(bad["error"]["message"], "empty input");
    }
}
