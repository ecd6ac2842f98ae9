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
#[derive(Debug, Clone, PartialEq)]
pub struct Path {
    query: ast::Query,
}

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
        Ok(Path { query })
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
    /// answer.
    pub fn matches<'a>(&self, root: Cursor<'a>) -> Result<Vec<Match<'a>>, Error> {
        let mut eval = eval::Eval::new(root);
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
