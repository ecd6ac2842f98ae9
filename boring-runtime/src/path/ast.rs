//! The parsed form of a query: segments of selectors, and filter
//! expressions already checked for well-typedness (RFC 9535 §2.4.3).

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use crate::Value;

/// A query: from the root (`$`) or, inside a filter, from the current node
/// (`@`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Query {
    pub relative: bool,
    pub segments: Vec<Segment>,
}

impl Query {
    /// Whether the query selects at most one node: only child segments of
    /// one name or index selector each (RFC 9535 §2.3.5.1).
    pub fn is_singular(&self) -> bool {
        self.segments.iter().all(|s| match s {
            Segment::Child(sel) => {
                matches!(sel.as_slice(), [Selector::Name(_) | Selector::Index(_)])
            }
            Segment::Descendant(_) => false,
        })
    }
}

/// One segment: its selectors applied to the children of each input node,
/// or to the node and all its descendants.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Segment {
    Child(Vec<Selector>),
    Descendant(Vec<Selector>),
}

/// One selector of a segment.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Selector {
    Name(String),
    Index(i64),
    Wildcard,
    Slice {
        start: Option<i64>,
        end: Option<i64>,
        step: Option<i64>,
    },
    Filter(Expr),
}

/// A logical expression of a filter.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Expr {
    Or(Vec<Expr>),
    And(Vec<Expr>),
    Not(Box<Expr>),
    /// A query whose result is true when it selects any node.
    Exists(Query),
    /// A function whose result is a logical value (or a node list tested
    /// for emptiness).
    Test(Call),
    Compare(Comparable, Op, Comparable),
}

/// A comparison operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// One side of a comparison, or an argument of value type.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Comparable {
    Literal(Value),
    /// A singular query.
    Query(Query),
    /// A function whose result is a value.
    Call(Call),
}

/// The functions of RFC 9535 §2.4.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Function {
    Length,
    Count,
    Match,
    Search,
    Value,
}

/// The declared type of a function's parameter or result (§2.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Type {
    Value,
    Logical,
    Nodes,
}

impl Function {
    pub fn by_name(name: &str) -> Option<Function> {
        Some(match name {
            "length" => Function::Length,
            "count" => Function::Count,
            "match" => Function::Match,
            "search" => Function::Search,
            "value" => Function::Value,
            _ => return None,
        })
    }

    pub fn params(self) -> &'static [Type] {
        match self {
            Function::Length => &[Type::Value],
            Function::Count | Function::Value => &[Type::Nodes],
            Function::Match | Function::Search => &[Type::Value, Type::Value],
        }
    }

    pub fn result(self) -> Type {
        match self {
            Function::Length | Function::Count | Function::Value => Type::Value,
            Function::Match | Function::Search => Type::Logical,
        }
    }
}

/// A function call with its arguments, checked against its parameters.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Call {
    pub function: Function,
    pub args: Vec<Arg>,
}

/// An argument as its parameter's type takes it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Arg {
    Value(Comparable),
    Nodes(Query),
}
