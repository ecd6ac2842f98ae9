//! What a cursor takes from a file's index: anchors to jump to an entry,
//! a sorted map's keys to search, stringref literals to resolve.

use super::{scan, Cursor, Key};
use crate::error::{Error, ErrorKind};
use crate::index::Frame;
use crate::wire::Head;

/// The anchor at or before entry `i` of the container whose head is at
/// `head`, and the entries left to step from it.
pub(super) fn anchor(frame: &Frame, head: i64, i: usize) -> Option<(usize, usize)> {
    let node = frame.nodes.binary_search_by_key(&head, |n| n.offset).ok()?;
    let node = &frame.nodes[node];
    let stride = node.stride(frame.stride) as usize;
    let anchor = *node.anchors.get(i / stride)?;
    Some((usize::try_from(anchor).ok()?, i % stride))
}

impl<'a> Cursor<'a> {
    /// The literal a stringref at `at` stands for, through the index's
    /// table of referenced literals; without one, the reference is
    /// refused.
    pub(super) fn referenced(&self, at: usize) -> Result<Cursor<'a>, Error> {
        let refused = || Error::new(ErrorKind::BadStringref, at);
        let table = self
            .frame
            .and_then(|f| f.stringrefs.as_ref())
            .ok_or_else(refused)?;
        let (_, content) = scan::head(self.input, at)?;
        let (Head::Unsigned(index), _) = scan::head(self.input, content)? else {
            return Err(Error::new(ErrorKind::BadTagContent { tag: 25 }, at));
        };
        let found = table
            .binary_search_by_key(&index, |p| p.0)
            .map_err(|_| refused())?;
        let literal = usize::try_from(table[found].1).map_err(|_| refused())?;
        if literal >= at {
            return Err(refused());
        }
        match scan::head(self.input, literal)?.0 {
            Head::Text(Some(_)) | Head::Bytes(Some(_)) => Ok(self.item(literal)),
            _ => Err(refused()),
        }
    }
}

/// The value of `key` in the sorted map whose head is at `head`, found by
/// a binary search over the anchors' keys and a walk of at most a stride;
/// `None` when the map is not an indexed sorted map, or the key was not
/// found this way (the caller scans to be sure).
pub(super) fn search<'a>(
    map: Cursor<'a>,
    frame: &Frame,
    head: usize,
    key: &Key<'_>,
) -> Result<Option<Cursor<'a>>, Error> {
    let Ok(node) = frame
        .nodes
        .binary_search_by_key(&(head as i64), |n| n.offset)
    else {
        return Ok(None);
    };
    let node = &frame.nodes[node];
    let Some(wanted) = key.encoded().filter(|_| node.sorted) else {
        return Ok(None);
    };
    let input = map.input;
    let key_bytes = |at: u64| -> Result<&[u8], Error> {
        let at = at as usize;
        Ok(&input[at..scan::end(input, at)?])
    };
    // The last anchor whose key is not after the wanted one.
    let mut low = 0;
    let mut high = node.anchors.len();
    while low < high {
        let mid = (low + high) / 2;
        if key_bytes(node.anchors[mid])? <= wanted.as_slice() {
            low = mid + 1;
        } else {
            high = mid;
        }
    }
    let Some(&start) = low.checked_sub(1).and_then(|i| node.anchors.get(i)) else {
        return Ok(None);
    };
    let mut at = start as usize;
    let stride = node.stride(frame.stride);
    let left = node.count - (low as u64 - 1) * u64::from(stride);
    for _ in 0..left.min(u64::from(stride)) {
        let value = scan::end(input, at)?;
        if key.matches(&map.item(at))? {
            return Ok(Some(map.item(value)));
        }
        at = scan::end(input, value)?;
    }
    Ok(None)
}
