//! Normalized paths (RFC 9535 §2.7): the canonical location of a node.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// One step of a [`NormalizedPath`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Step {
    /// A map entry with a text key, or a keyword key by its name.
    Name(String),
    /// An array element by its position.
    Index(usize),
    /// A map entry with an integer key (written `[key]`, as the index
    /// selector that selects it).
    IntKey(i128),
    /// A map entry with another key (bytes, a float, …), written as the
    /// key in diagnostic notation: no selector selects it by name.
    Other(String),
}

/// Where a node is: `$` and one step per level, displayed in the RFC 9535
/// normal form (`$['a'][0]`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct NormalizedPath {
    steps: Vec<Step>,
}

impl NormalizedPath {
    /// The steps from the root, outermost first.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    pub(crate) fn from_steps(steps: Vec<Step>) -> NormalizedPath {
        NormalizedPath { steps }
    }
}

impl fmt::Display for NormalizedPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("$")?;
        for step in &self.steps {
            match step {
                Step::Name(name) => {
                    f.write_str("['")?;
                    write_name(f, name)?;
                    f.write_str("']")?;
                }
                Step::Index(i) => write!(f, "[{i}]")?,
                Step::IntKey(k) => write!(f, "[{k}]")?,
                Step::Other(diag) => write!(f, "[{diag}]")?,
            }
        }
        Ok(())
    }
}

/// A name with the escapes of §2.7: `\'`, `\\`, the short control escapes,
/// and `\u00XX` for the other control characters.
fn write_name(f: &mut fmt::Formatter<'_>, name: &str) -> fmt::Result {
    for c in name.chars() {
        match c {
            '\'' => f.write_str("\\'")?,
            '\\' => f.write_str("\\\\")?,
            '\u{8}' => f.write_str("\\b")?,
            '\u{c}' => f.write_str("\\f")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
            c => write!(f, "{c}")?,
        }
    }
    Ok(())
}
