//! JSONPath (RFC 9535) queries over encoded bytes.
//!
//! A [`Path`] is parsed once and run over a [`Cursor`]: its matches are
//! cursors on the selected items (nothing is decoded but what filters
//! compare), each with its [normalized path](NormalizedPath), in document
//! order.
//!
//! ```
//! use boring::path::Path;
//! use boring::nav::Cursor;
//! use boring::{Options, Profile, Value};
//!
//! let doc = Value::Map(vec![(
//!     "books".into(),
//!     Value::Array(vec![
//!         Value::Map(vec![("title".into(), "A".into()), ("price".into(), 8.into())].into()),
//!         Value::Map(vec![("title".into(), "B".into()), ("price".into(), 23.into())].into()),
//!     ].into()),
//! )].into());
//! // Plain CBOR: the keys that recur are not stringrefs.
//! let bytes = boring::to_vec_with(&doc, &Options::from(Profile::Interop))?;
//! let path = Path::parse("$.books[?@.price < 10].title")?;
//! let matches = path.matches(Cursor::new(&bytes)?)?;
//! assert_eq!(matches[0].cursor.as_str()?, "A");
//! assert_eq!(matches[0].path.to_string(), "$['books'][0]['title']");
//! # Ok::<(), boring::Error>(())
//! ```
//!
//! # Beyond JSON
//!
//! A name selector (`.name`, `['name']`) selects a text key or a keyword
//! key (tag 39 over `":name"` or `"name"`) of that name. An index selector
//! on a map selects the entry whose key is that integer (`$[1]`, `$[-1]`:
//! the key itself, not a position from the end); on arrays it is the
//! RFC's. Other keys are reached by wildcards, descendants and filters.
//! In filters, integers and floats compare by value, and tags compare by
//! number and content.

mod ast;
mod eval;
mod expr;
mod filter;
mod normalized;
mod parse;
mod regex;
mod unicode;

use alloc::vec::Vec;

pub use normalized::{NormalizedPath, Step};

use crate::error::Error;
use crate::nav::Cursor;

/// A parsed JSONPath query.
///
/// # Limits
///
/// The nodes a query selects can outnumber the document's many times over:
/// each descendant segment (`..`) may select every node below each node of
/// the list before it, so `$..*..*..*..*` over a 61-byte document of 60
/// nested arrays selects some 490 000 nodes, and one more `..*` five
/// million. An evaluation therefore counts its steps (a node reached or
/// passed over by an index selector, a node added to a list, a key a name
/// selector compares, a byte of a value a filter reads, a step of a
/// `match` or `search`) and stops with
/// [`ErrorKind::LimitExceeded`](crate::ErrorKind::LimitExceeded) past
/// [`Path::max_steps`]: by default `max(1 000 000, 64 × the input's
/// length)`, so that the work a query and a document ask for grows at most
/// linearly with their size, as the decoder's output budget does.
#[derive(Debug, Clone, PartialEq)]
pub struct Path {
    query: ast::Query,
    max_steps: Option<u64>,
}

/// The step limit's floor, for small documents.
const MIN_STEPS: u64 = 1_000_000;

/// The step limit per byte of the input, for large ones.
const STEPS_PER_BYTE: u64 = 64;

/// A node a query selects: a cursor on it and its normalized path.
#[derive(Debug, Clone)]
pub struct Match<'a> {
    /// The selected item.
    pub cursor: Cursor<'a>,
    /// Where it is, from the root.
    pub path: NormalizedPath,
}

impl Path {
    /// Parses `text` as a JSONPath query, checking the well-typedness of
    /// its filters (RFC 9535 §2.4.3).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BadPath`](crate::ErrorKind::BadPath) for a query that
    /// is not well formed or not well typed, with the position (in
    /// characters) where the parser found it so.
    pub fn parse(text: &str) -> Result<Path, Error> {
        let query = parse::Parser::new(text).query_text()?;
        Ok(Path {
            query,
            max_steps: None,
        })
    }

    /// Bounds the steps one evaluation may take (`None`: the default,
    /// `max(1 000 000, 64 × the input's length)`; see [Limits](Path#limits)).
    #[must_use]
    pub fn max_steps(mut self, limit: Option<u64>) -> Path {
        self.max_steps = limit;
        self
    }

    /// The nodes the query selects in the document under `root`, in
    /// document order.
    ///
    /// # Errors
    ///
    /// Malformed input met on the way ([`nav`](crate::nav#errors));
    /// [`ErrorKind::BadStringref`](crate::ErrorKind::BadStringref) for a
    /// stringref (tag 25) key or value the cursor cannot resolve: a
    /// document written with stringrefs is queried through an index
    /// ([`Indexed`](crate::nav::Indexed)) or after re-encoding it without;
    /// [`ErrorKind::DepthExceeded`](crate::ErrorKind::DepthExceeded) for a
    /// descendant segment deeper than the decoder's default depth limit;
    /// [`ErrorKind::LimitExceeded`](crate::ErrorKind::LimitExceeded) for a
    /// `match` or `search` that runs out of steps or depth before it can
    /// answer, or for an evaluation that takes more than its
    /// [steps](Path#limits).
    pub fn matches<'a>(&self, root: Cursor<'a>) -> Result<Vec<Match<'a>>, Error> {
        let steps = self.max_steps.unwrap_or_else(|| {
            let len = u64::try_from(root.input_len()).unwrap_or(u64::MAX);
            MIN_STEPS.max(len.saturating_mul(STEPS_PER_BYTE))
        });
        let mut eval = eval::Eval::new(root, steps);
        let start = eval.root();
        let nodes = eval.query(&self.query, &start)?;
        nodes
            .iter()
            .map(|node| {
                Ok(Match {
                    cursor: node.cursor,
                    path: eval.path(node)?,
                })
            })
            .collect()
    }
}

impl core::str::FromStr for Path {
    type Err = Error;

    fn from_str(text: &str) -> Result<Path, Error> {
        Path::parse(text)
    }
}
