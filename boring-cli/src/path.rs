//! Paths on the command line: `FILE SEG…`, and following them from the
//! root item.

use boring::nav::{Cursor, Key};

use crate::{Failure, Flags};

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

impl Segment {
    fn parse(text: &str) -> Segment {
        if let Some(forced) = text.strip_prefix('\'') {
            return Segment::Text(forced.to_string());
        }
        if let Ok(v) = text.parse::<i64>() {
            return Segment::Int(v);
        }
        match text.strip_prefix(':') {
            Some(name) if !name.is_empty() => Segment::Keyword(name.to_string()),
            _ => Segment::Text(text.to_string()),
        }
    }

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

/// Splits `args` into flags, the FILE (the first operand) and the path
/// segments after it; after `--` every argument is an operand.
pub(crate) fn parse(
    args: &[String],
    switches: &[&str],
    valued: &[&str],
) -> Result<(Flags, String, Vec<Segment>), Failure> {
    let (options, operands): (Vec<String>, Vec<String>) = match args.iter().position(|a| a == "--")
    {
        Some(i) => (args[..i].to_vec(), args[i + 1..].to_vec()),
        None => (args.to_vec(), Vec::new()),
    };
    // Before `--`, anything not a flag is an operand too.
    let mut flag_args = Vec::new();
    let mut positional = Vec::new();
    let mut iter = options.into_iter();
    while let Some(arg) = iter.next() {
        if arg != "-" && arg.starts_with('-') {
            let takes_value = valued.contains(&arg.as_str());
            flag_args.push(arg);
            if takes_value {
                flag_args.extend(iter.next());
            }
        } else {
            positional.push(arg);
        }
    }
    positional.extend(operands);
    let Some((file, segments)) = positional.split_first() else {
        return Err(Failure::Usage("no FILE given".into()));
    };
    flag_args.push(file.clone());
    let (flags, file) = crate::parse(&flag_args, switches, valued)?;
    Ok((
        flags,
        file,
        segments.iter().map(|s| Segment::parse(s)).collect(),
    ))
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
