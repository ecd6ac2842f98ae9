//! Applying segments to nodes: children and descendants in document order
//! (a node before its descendants, map entries in wire order).
//!
//! A node's location is kept as a link to its parent's in the evaluation's
//! trail, with the key or index between them: the normalized path, with its
//! owned key names, is built only for the nodes a query returns.

use alloc::string::ToString;
use alloc::vec::Vec;

use super::ast::{Query, Segment, Selector};
use super::filter;
use super::normalized::{NormalizedPath, Step};
use crate::error::{Error, ErrorKind};
use crate::nav::{Cursor, Kind};

/// A node of a node list: a cursor, and its link in the [`Eval`] trail.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node<'a> {
    pub(crate) cursor: Cursor<'a>,
    link: usize,
}

/// The link of the root node, which has no parent.
const ROOT: usize = usize::MAX;

/// One step of the trail: the parent's link and how the child is reached.
#[derive(Debug)]
struct Link<'a> {
    parent: usize,
    step: Edge<'a>,
}

/// How a child is reached from its parent: an array position, or a map key
/// still in the bytes.
#[derive(Debug)]
enum Edge<'a> {
    Index(usize),
    Key(Cursor<'a>),
}

/// The state of one query evaluation: the document's root (for `$` in
/// filters), the trail of every node reached, and the steps left before
/// the evaluation is refused (`Path::max_steps`).
#[derive(Debug)]
pub(crate) struct Eval<'a> {
    root: Cursor<'a>,
    trail: Vec<Link<'a>>,
    steps_left: u64,
}

impl<'a> Eval<'a> {
    pub(crate) fn new(root: Cursor<'a>, steps: u64) -> Eval<'a> {
        Eval {
            root,
            trail: Vec::new(),
            steps_left: steps,
        }
    }

    /// Takes `n` steps near `cursor`: past the limit the evaluation stops
    /// with `LimitExceeded` at the cursor's offset, so that a query whose
    /// node lists multiply (`$..*..*..*`, filters over descendants) costs
    /// at most its limit, whatever the document.
    pub(crate) fn step(&mut self, n: usize, cursor: &Cursor<'a>) -> Result<(), Error> {
        match self.steps_left.checked_sub(n as u64) {
            Some(left) => {
                self.steps_left = left;
                Ok(())
            }
            None => Err(Error::new(
                ErrorKind::LimitExceeded,
                cursor.offset().unwrap_or(0),
            )),
        }
    }

    /// The root node.
    pub(crate) fn root(&self) -> Node<'a> {
        Node {
            cursor: self.root,
            link: ROOT,
        }
    }

    /// A child of `parent` reached: one step.
    fn child(
        &mut self,
        parent: &Node<'a>,
        cursor: Cursor<'a>,
        step: Edge<'a>,
    ) -> Result<Node<'a>, Error> {
        self.step(1, &cursor)?;
        self.trail.push(Link {
            parent: parent.link,
            step,
        });
        Ok(Node {
            cursor,
            link: self.trail.len() - 1,
        })
    }

    /// The normalized path of `node`.
    pub(crate) fn path(&self, node: &Node<'a>) -> Result<NormalizedPath, Error> {
        let mut steps = Vec::new();
        let mut link = node.link;
        while let Some(Link { parent, step }) = self.trail.get(link) {
            steps.push(match step {
                Edge::Index(i) => Step::Index(*i),
                Edge::Key(key) => key_step(key)?,
            });
            link = *parent;
        }
        steps.reverse();
        Ok(NormalizedPath::from_steps(steps))
    }

    /// The nodes `query` selects, from the root (for `$`) or `current`
    /// (for `@`).
    pub(crate) fn query(
        &mut self,
        query: &Query,
        current: &Node<'a>,
    ) -> Result<Vec<Node<'a>>, Error> {
        let start = if query.relative {
            *current
        } else {
            self.root()
        };
        let mut nodes = alloc::vec![start];
        for segment in &query.segments {
            let mut next = Vec::new();
            for node in &nodes {
                match segment {
                    Segment::Child(selectors) => self.select(selectors, node, &mut next)?,
                    Segment::Descendant(selectors) => {
                        self.descend(selectors, node, 0, &mut next)?;
                    }
                }
            }
            nodes = next;
        }
        Ok(nodes)
    }

    /// Whether the filter `expr` holds for `node`. The nodes its queries
    /// reach are dropped from the trail afterwards: only their values count.
    fn test(&mut self, expr: &super::ast::Expr, node: &Node<'a>) -> Result<bool, Error> {
        let mark = self.trail.len();
        let holds = filter::test(expr, node, self);
        self.trail.truncate(mark);
        holds
    }

    /// The selectors applied to `node` and then to each of its descendants,
    /// `depth` levels below the segment's input; deeper than the decoder's
    /// default depth limit is refused (it recurses).
    fn descend(
        &mut self,
        selectors: &[Selector],
        node: &Node<'a>,
        depth: usize,
        out: &mut Vec<Node<'a>>,
    ) -> Result<(), Error> {
        if depth >= crate::profile::DEFAULT_MAX_DEPTH {
            let at = node.cursor.offset().unwrap_or(0);
            return Err(Error::new(ErrorKind::DepthExceeded, at));
        }
        let kind = node.cursor.kind()?;
        let children = self.children(node, kind)?;
        self.select_in(selectors, kind, &children, out)?;
        for child in &children {
            self.descend(selectors, child, depth + 1, out)?;
        }
        Ok(())
    }

    /// The children of a node of `kind`: an array's elements, a map's
    /// values; none for a leaf.
    fn children(&mut self, node: &Node<'a>, kind: Kind) -> Result<Vec<Node<'a>>, Error> {
        let mut out = Vec::new();
        match kind {
            Kind::Array => {
                for (i, element) in node.cursor.elements()?.enumerate() {
                    out.push(self.child(node, element?, Edge::Index(i))?);
                }
            }
            Kind::Map => {
                for entry in node.cursor.entries()? {
                    let (key, value) = entry?;
                    out.push(self.child(node, value, Edge::Key(key))?);
                }
            }
            _ => {}
        }
        Ok(out)
    }

    /// Each selector applied to `node`, results appended in selector order.
    fn select(
        &mut self,
        selectors: &[Selector],
        node: &Node<'a>,
        out: &mut Vec<Node<'a>>,
    ) -> Result<(), Error> {
        let kind = node.cursor.kind()?;
        match (selectors, kind) {
            (_, Kind::Array | Kind::Map) => {}
            _ => return Ok(()),
        }
        // One index into an array: a jump (through the index, when there
        // is one), not a walk over every element.
        if let ([Selector::Index(i)], Kind::Array) = (selectors, kind) {
            if let Ok(n) = node.cursor.len() {
                let n = n as i64;
                let at = if *i < 0 { n + i } else { *i };
                if (0..n).contains(&at) {
                    // Without an index the jump walks the elements before
                    // it: a step each.
                    self.step(at as usize, &node.cursor)?;
                    let element = node.cursor.index(at as usize)?;
                    out.push(self.child(node, element, Edge::Index(at as usize))?);
                }
                return Ok(());
            }
        }
        // One name in a map: the entries are scanned up to the first with
        // that name, and only it enters the trail. A map that holds a key
        // twice is not valid CBOR (RFC 8949 §5.6); of such a map, the name
        // selects the first entry.
        if let ([Selector::Name(name)], Kind::Map) = (selectors, kind) {
            for entry in node.cursor.entries()? {
                let (key, value) = entry?;
                // Each key compared is a step: a list of many copies of
                // one large map (`$[*,*,*].name`) scans it once per copy.
                self.step(1, &key)?;
                if key_name(&key)? == Some(name.as_str()) {
                    out.push(self.child(node, value, Edge::Key(key))?);
                    break;
                }
            }
            return Ok(());
        }
        let children = self.children(node, kind)?;
        self.select_in(selectors, kind, &children, out)
    }

    /// Each selector applied to a node of `kind` whose children are
    /// `children`.
    fn select_in(
        &mut self,
        selectors: &[Selector],
        kind: Kind,
        children: &[Node<'a>],
        out: &mut Vec<Node<'a>>,
    ) -> Result<(), Error> {
        let before = out.len();
        for selector in selectors {
            match selector {
                Selector::Wildcard => out.extend_from_slice(children),
                // The first entry with the name, as in `select`.
                Selector::Name(name) if kind == Kind::Map => {
                    for child in children {
                        let Some(key) = self.key_of(child) else {
                            continue;
                        };
                        if key_name(key)? == Some(name.as_str()) {
                            out.push(*child);
                            break;
                        }
                    }
                }
                Selector::Name(_) => {}
                Selector::Index(i) if kind == Kind::Array => {
                    let n = children.len() as i64;
                    let at = if *i < 0 { n + i } else { *i };
                    if (0..n).contains(&at) {
                        out.push(children[at as usize]);
                    }
                }
                // The extension for CBOR: an index selects a map's integer
                // key, the first entry with it as a name does.
                Selector::Index(i) => {
                    for child in children {
                        let Some(key) = self.key_of(child) else {
                            continue;
                        };
                        if int_key(key)? == Some(i128::from(*i)) {
                            out.push(*child);
                            break;
                        }
                    }
                }
                Selector::Slice { start, end, step } if kind == Kind::Array => {
                    for i in slice(children.len(), *start, *end, *step) {
                        out.push(children[i]);
                    }
                }
                Selector::Slice { .. } => {}
                Selector::Filter(expr) => {
                    for child in children {
                        if self.test(expr, child)? {
                            out.push(*child);
                        }
                    }
                }
            }
        }
        // Each node selected is a step too: selectors that repeat
        // (`[*,*,*]`) multiply a list without reaching anything new.
        match out.get(before) {
            Some(first) => {
                let first = first.cursor;
                self.step(out.len() - before, &first)
            }
            None => Ok(()),
        }
    }

    /// The key a map's child was reached by (every child of a map is).
    fn key_of(&self, child: &Node<'a>) -> Option<&Cursor<'a>> {
        match &self.trail.get(child.link)?.step {
            Edge::Key(key) => Some(key),
            Edge::Index(_) => None,
        }
    }
}

/// The name a map key is selected by: a text key's text, a keyword's name;
/// `None` for any other key.
fn key_name<'a>(key: &Cursor<'a>) -> Result<Option<&'a str>, Error> {
    let strip = |text: &'a str| text.strip_prefix(':').unwrap_or(text);
    if let Some((text, keyword)) = key.key_text()? {
        return Ok(Some(if keyword { strip(text) } else { text }));
    }
    if key.kind()? != Kind::Text {
        return Ok(None);
    }
    // A stringref (tag 25) stands for the text it refers to.
    let tags = key.tags()?;
    let tags = tags.strip_suffix(&[25]).unwrap_or(&tags);
    Ok(match tags {
        [] => Some(key.as_str()?),
        [39] => Some(strip(key.as_str()?)),
        _ => None,
    })
}

/// The value of an untagged integer key.
fn int_key(key: &Cursor<'_>) -> Result<Option<i128>, Error> {
    if key.kind()? != Kind::Integer || !key.tags()?.is_empty() {
        return Ok(None);
    }
    match key.to_value()? {
        crate::Value::Integer(v) => Ok(Some(v)),
        _ => Ok(None),
    }
}

/// The step a map key makes: a text key or a keyword by its name, an
/// integer key by its value, any other key in diagnostic notation.
fn key_step(key: &Cursor<'_>) -> Result<Step, Error> {
    if let Some(name) = key_name(key)? {
        return Ok(Step::Name(name.into()));
    }
    if let Some(v) = int_key(key)? {
        return Ok(Step::IntKey(v));
    }
    Ok(Step::Other(key.to_value()?.to_string()))
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
