//! Applying segments to nodes: children and descendants in document order
//! (a node before its descendants, map entries in wire order).

use alloc::string::ToString;
use alloc::vec::Vec;

use super::ast::{Query, Segment, Selector};
use super::filter;
use super::normalized::{NormalizedPath, Step};
use crate::error::{Error, ErrorKind};
use crate::nav::{Cursor, Kind};

/// A node of a node list: a cursor and where it is.
pub(crate) type Node<'a> = (Cursor<'a>, NormalizedPath);

/// The nodes `query` selects, from `root` (for `$`) or `current` (for `@`).
pub(crate) fn query<'a>(
    query: &Query,
    current: &Node<'a>,
    root: &Cursor<'a>,
) -> Result<Vec<Node<'a>>, Error> {
    let start = if query.relative {
        current.clone()
    } else {
        (*root, NormalizedPath::default())
    };
    let mut nodes = alloc::vec![start];
    for segment in &query.segments {
        let mut next = Vec::new();
        for node in &nodes {
            match segment {
                Segment::Child(selectors) => select(selectors, node, root, &mut next)?,
                Segment::Descendant(selectors) => descend(selectors, node, root, 0, &mut next)?,
            }
        }
        nodes = next;
    }
    Ok(nodes)
}

/// The selectors applied to `node` and then to each of its descendants,
/// `depth` levels below the segment's input; deeper than the decoder's
/// default depth limit is refused (it recurses).
fn descend<'a>(
    selectors: &[Selector],
    node: &Node<'a>,
    root: &Cursor<'a>,
    depth: usize,
    out: &mut Vec<Node<'a>>,
) -> Result<(), Error> {
    if depth >= crate::profile::DEFAULT_MAX_DEPTH {
        let at = node.0.offset().unwrap_or(0);
        return Err(Error::new(ErrorKind::DepthExceeded, at));
    }
    let children = children(node)?;
    select_in(selectors, node, &children, root, out)?;
    for child in &children {
        descend(selectors, child, root, depth + 1, out)?;
    }
    Ok(())
}

/// The children of a node: an array's elements, a map's values, each with
/// its path; none for a leaf.
pub(crate) fn children<'a>(node: &Node<'a>) -> Result<Vec<Node<'a>>, Error> {
    let (cursor, path) = node;
    let mut out = Vec::new();
    match cursor.kind()? {
        Kind::Array => {
            for (i, element) in cursor.elements()?.enumerate() {
                out.push((element?, path.child(Step::Index(i))));
            }
        }
        Kind::Map => {
            for entry in cursor.entries()? {
                let (key, value) = entry?;
                out.push((value, path.child(key_step(&key)?)));
            }
        }
        _ => {}
    }
    Ok(out)
}

/// The step a map key makes: a text key or a keyword by its name, an
/// integer key by its value, any other key in diagnostic notation.
fn key_step(key: &Cursor<'_>) -> Result<Step, Error> {
    let tags = key.tags()?;
    match (key.kind()?, tags.as_slice()) {
        (Kind::Text, []) => Ok(Step::Name(key.as_str()?.into())),
        (Kind::Text, [39]) => {
            let text = key.as_str()?;
            Ok(Step::Name(text.strip_prefix(':').unwrap_or(text).into()))
        }
        (Kind::Integer, []) => match key.to_value()? {
            crate::Value::Integer(v) => Ok(Step::IntKey(v)),
            other => Ok(Step::Other(other.to_string())),
        },
        _ => Ok(Step::Other(key.to_value()?.to_string())),
    }
}

/// Each selector applied to `node`, results appended in selector order.
fn select<'a>(
    selectors: &[Selector],
    node: &Node<'a>,
    root: &Cursor<'a>,
    out: &mut Vec<Node<'a>>,
) -> Result<(), Error> {
    if !matches!(node.0.kind()?, Kind::Array | Kind::Map) {
        return Ok(());
    }
    // One index into an array: a jump (through the index, when there is
    // one), not a walk over every element.
    if let ([Selector::Index(i)], Kind::Array) = (selectors, node.0.kind()?) {
        if let Ok(n) = node.0.len() {
            let n = n as i64;
            let at = if *i < 0 { n + i } else { *i };
            if (0..n).contains(&at) {
                let element = node.0.index(at as usize)?;
                out.push((element, node.1.child(Step::Index(at as usize))));
            }
            return Ok(());
        }
    }
    select_in(selectors, node, &children(node)?, root, out)
}

/// Each selector applied to `node`, whose children are `children`.
fn select_in<'a>(
    selectors: &[Selector],
    node: &Node<'a>,
    children: &[Node<'a>],
    root: &Cursor<'a>,
    out: &mut Vec<Node<'a>>,
) -> Result<(), Error> {
    let kind = node.0.kind()?;
    for selector in selectors {
        match selector {
            Selector::Wildcard => out.extend(children.iter().cloned()),
            Selector::Name(name) => out.extend(
                children
                    .iter()
                    .filter(|(_, p)| matches!(p.steps().last(), Some(Step::Name(n)) if n == name))
                    .cloned(),
            ),
            Selector::Index(i) if kind == Kind::Array => {
                let n = children.len() as i64;
                let at = if *i < 0 { n + i } else { *i };
                if (0..n).contains(&at) {
                    out.push(children[at as usize].clone());
                }
            }
            // The extension for CBOR: an index selects a map's integer key.
            Selector::Index(i) => out.extend(
                children
                    .iter()
                    .filter(|(_, p)| {
                        matches!(p.steps().last(), Some(Step::IntKey(k)) if *k == i128::from(*i))
                    })
                    .cloned(),
            ),
            Selector::Slice { start, end, step } if kind == Kind::Array => {
                for i in slice(children.len(), *start, *end, *step) {
                    out.push(children[i].clone());
                }
            }
            Selector::Slice { .. } => {}
            Selector::Filter(expr) => {
                for child in children {
                    if filter::test(expr, child, root)? {
                        out.push(child.clone());
                    }
                }
            }
        }
    }
    Ok(())
}

/// The positions a slice selects in an array of `len` elements, in order
/// (RFC 9535 §2.3.4.2).
fn slice(len: usize, start: Option<i64>, end: Option<i64>, step: Option<i64>) -> Vec<usize> {
    let n = len as i64;
    let step = step.unwrap_or(1);
    let mut out = Vec::new();
    if step == 0 {
        return out;
    }
    let normalize = |i: i64| if i >= 0 { i } else { n + i };
    if step > 0 {
        let lower = normalize(start.unwrap_or(0)).clamp(0, n);
        let upper = normalize(end.unwrap_or(n)).clamp(0, n);
        let mut i = lower;
        while i < upper {
            out.push(i as usize);
            i += step;
        }
    } else {
        let upper = normalize(start.unwrap_or(n - 1)).clamp(-1, n - 1);
        let lower = end.map_or(-1, |e| normalize(e).clamp(-1, n - 1));
        let mut i = upper;
        while lower < i {
            out.push(i as usize);
            i += step;
        }
    }
    out
}
