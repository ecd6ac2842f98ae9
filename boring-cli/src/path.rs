//! Paths on the command line (`SEG…` after FILE), and following them
//! from the first item.

use std::convert::Infallible;
use std::str::FromStr;

use boring::nav::{Cursor, Key};

use crate::failure::Failure;

/// One path segment as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Segment {
    /// An integer: an array element, or an integer map key.
    Int(i64),
    /// `:name`.
    Keyword(String),
    /// Any other text (a leading `'` removed).
    Text(String),
}

/// Every text is some segment, so parsing never fails.
impl FromStr for Segment {
    type Err = Infallible;

    fn from_str(text: &str) -> Result<Segment, Infallible> {
        if let Some(forced) = text.strip_prefix('\'') {
            return Ok(Segment::Text(forced.to_string()));
        }
        if let Ok(v) = text.parse::<i64>() {
            return Ok(Segment::Int(v));
        }
        Ok(match text.strip_prefix(':') {
            Some(name) if !name.is_empty() => Segment::Keyword(name.to_string()),
            _ => Segment::Text(text.to_string()),
        })
    }
}

impl Segment {
    /// The lookup key this segment stands for: a non-negative integer is a
    /// position (or an integer key, on a map), a negative one an integer
    /// key.
    pub(crate) fn key(&self) -> Key<'_> {
        match self {
            Segment::Int(v) => match usize::try_from(*v) {
                Ok(i) => Key::Index(i),
                Err(_) => Key::Int(*v),
            },
            Segment::Keyword(name) => Key::Keyword(name),
            Segment::Text(text) => Key::Text(text),
        }
    }
}

/// The item at `segments` from `root`; a step that does not exist is a
/// data error naming the step.
pub(crate) fn follow<'a>(root: Cursor<'a>, segments: &[Segment]) -> Result<Cursor<'a>, Failure> {
    let mut here = root;
    for (i, segment) in segments.iter().enumerate() {
        here = match here.find(&segment.key()) {
            Ok(Some(next)) => next,
            Ok(None) => return Err(absent(segments, i)),
            Err(e) if matches!(e.kind(), boring::ErrorKind::PathAbsent) => {
                return Err(absent(segments, i))
            }
            Err(e) => return Err(Failure::Data(e)),
        };
    }
    Ok(here)
}

/// The failure for a path that ends at step `i`: the path up to there.
fn absent(segments: &[Segment], i: usize) -> Failure {
    let shown: Vec<String> = segments[..=i]
        .iter()
        .map(|s| match s {
            Segment::Int(v) => v.to_string(),
            Segment::Keyword(k) => format!(":{k}"),
            Segment::Text(t) => format!("{t:?}"),
        })
        .collect();
    Failure::Path(shown.join(" "))
}
