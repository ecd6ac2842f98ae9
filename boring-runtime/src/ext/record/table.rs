//! Reading shaped tables (tag 39649) into records.

use super::*;

/// What decoding a sequence of records cost in key work, for tests and
/// diagnostics: tables whose header matched the type's constant compare no
/// key at all.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Shaped tables read.
    pub tables: usize,
    /// Tables whose header bytes equalled the type's header constant.
    pub matched_headers: usize,
    /// Header keys read and matched by name (none when the header equals
    /// the type's constant).
    pub key_comparisons: usize,
    /// Rows (or maps) decoded.
    pub rows: usize,
}

/// Decodes a sequence of records from a plain array of maps, a shaped
/// table (tag 39649) or a columnar table (tag 39653).
///
/// A recursive type passes through here once per level of a plain array,
/// so the tables are read in their own frames (`decode_tables`) and this
/// one holds no more than the array loop.
#[inline]
pub fn decode_vec<'de, T: DecodeFields<'de> + Decode<'de>>(
    r: &mut Reader<'de>,
) -> Result<Vec<T>, Error> {
    if matches!(
        r.peek_tag(),
        Some(TAG | crate::ext::columns::TAG | NAMESPACE)
    ) {
        return decode_tables(r, &mut TableStats::default());
    }
    decode_maps(r)
}

/// The stringref tag, whose namespace a nested document opens.
const NAMESPACE: u64 = 256;

/// [`decode_vec`], also reporting the key work done.
pub fn decode_vec_stats<'de, T: DecodeFields<'de> + Decode<'de>>(
    r: &mut Reader<'de>,
) -> Result<(Vec<T>, TableStats), Error> {
    let mut stats = TableStats::default();
    let items = if matches!(r.peek_tag(), Some(TAG | crate::ext::columns::TAG)) {
        decode_tables(r, &mut stats)?
    } else {
        decode_maps(r)?
    };
    if stats.tables == 0 {
        stats.rows = items.len();
    }
    Ok((items, stats))
}

/// A shaped or columnar table of records, or a sequence of records inside
/// a stringref namespace of its own (a document nested in another: the
/// namespace is entered, the sequence read in any of its forms, and the
/// namespace closed).
#[inline(never)]
fn decode_tables<'de, T: DecodeFields<'de> + Decode<'de>>(
    r: &mut Reader<'de>,
    stats: &mut TableStats,
) -> Result<Vec<T>, Error> {
    match r.peek_tag() {
        Some(TAG) => return decode_table(r, stats),
        Some(NAMESPACE) => {
            r.expect_tag(NAMESPACE)?;
            r.enter_namespace()?;
            let items = decode_vec(r)?;
            r.leave_namespace();
            return Ok(items);
        }
        _ => {}
    }
    let items = crate::ext::columns::read_table(r)?;
    stats.tables += 1;
    stats.rows += items.len();
    Ok(items)
}

/// A plain array of maps, each read by the type's own decoder.
fn decode_maps<'de, T: DecodeFields<'de> + Decode<'de>>(
    r: &mut Reader<'de>,
) -> Result<Vec<T>, Error> {
    let mut seq = r.array()?;
    let mut out = Vec::with_capacity(seq.capacity::<T>(r));
    while seq.next(r)? {
        match T::decode(r) {
            Ok(item) => out.push(item),
            Err(e) => return Err(e.at_index(out.len())),
        }
    }
    Ok(out)
}

/// How the columns of a table map onto fields.
pub(crate) enum Plan {
    /// The header names the type's first `n` fields in declaration order
    /// (all of them when it equals the type's constant): column `i` is
    /// field `i`.
    Identity(usize),
    /// Column → field (`None`: a key the type does not know).
    Mapped(Vec<Option<usize>>),
}

impl Plan {
    /// The field of column `j`; `Err` when the row is longer than the keys.
    #[inline]
    pub(crate) fn column(&self, j: usize) -> Result<Option<usize>, ()> {
        match self {
            Plan::Identity(n) if j < *n => Ok(Some(j)),
            Plan::Identity(_) => Err(()),
            Plan::Mapped(cols) => cols.get(j).copied().ok_or(()),
        }
    }

    /// Reads and validates a foreign key array: non-empty, no duplicates.
    ///
    /// A header that names `shape`'s fields in declaration order, as our
    /// writer produces it, is matched key by key against the constant key
    /// bytes (or the text a stringref resolves to) and becomes
    /// [`Plan::Identity`] with nothing allocated; the first key out of
    /// order hands the rest of the header to the general reader. A header
    /// whose bytes repeat the last one matched so, in the same stringref
    /// namespace, is taken as that match (`Reader::replay_header`).
    pub(super) fn read<'de>(
        r: &mut Reader<'de>,
        names: &[&str],
        shape: Option<&Shape>,
        deny_unknown: bool,
        stats: &mut TableStats,
        bad: impl Fn() -> Error,
    ) -> Result<Plan, Error> {
        if !matches!(r.peek_head()?, Head::Array(_)) {
            return Err(bad());
        }
        let mut keys = r.array()?;
        let mut in_order = 0;
        let mut pending = false;
        if let Some(shape) = shape {
            let declared = keys.declared();
            if r.replay_header(shape.header, declared) {
                while keys.next(r)? {
                    in_order += 1;
                }
                return Ok(Plan::Identity(in_order));
            }
            let mark = r.header_mark();
            while keys.next(r)? {
                stats.key_comparisons += 1;
                if in_order < shape.len() && expect_key(r, shape, in_order) {
                    in_order += 1;
                } else {
                    pending = true;
                    break;
                }
            }
            if !pending && in_order > 0 {
                if let Some(n) = declared {
                    r.remember_header(shape.header, n, mark);
                }
                return Ok(Plan::Identity(in_order));
            }
        }
        let mut cols: Vec<Option<usize>> = (0..in_order).map(Some).collect();
        let mut seen = vec![false; names.len()];
        seen.iter_mut().take(in_order).for_each(|s| *s = true);
        // A set: a hostile header of n distinct unknown keys would take n²
        // comparisons against a list.
        let mut unknown = alloc::collections::BTreeSet::new();
        loop {
            // The key that ended the in-order run is read here first.
            if !core::mem::take(&mut pending) {
                if !keys.next(r)? {
                    break;
                }
                stats.key_comparisons += 1;
            }
            let at = r.position();
            let key = match shape {
                Some(shape) => read_shape_key(r, shape, cols.len())?,
                None => read_key(r, names, cols.len())?,
            };
            match key {
                Key::Field(i) => {
                    match seen.get_mut(i) {
                        Some(s) if !*s => *s = true,
                        _ => return Err(bad()),
                    }
                    cols.push(Some(i));
                }
                Key::Unknown(key) => {
                    if deny_unknown {
                        return Err(key.error(shape.map_or(&[], |s| s.texts), at));
                    }
                    if !unknown.insert(key) {
                        return Err(bad());
                    }
                    cols.push(None);
                }
            }
        }
        if cols.is_empty() {
            return Err(bad());
        }
        Ok(Plan::Mapped(cols))
    }

    /// Whether every column maps onto no field (all keys unknown).
    pub(crate) fn skips_all(&self) -> bool {
        match self {
            Plan::Identity(n) => *n == 0,
            Plan::Mapped(cols) => cols.iter().all(Option::is_none),
        }
    }

    /// The number of columns.
    pub(crate) fn len(&self) -> usize {
        match self {
            Plan::Identity(n) => *n,
            Plan::Mapped(cols) => cols.len(),
        }
    }
}

/// Reads a table's key array (of a shaped or columnar table) and maps each
/// key onto a field of `shape`.
pub(crate) fn read_table_keys<'de>(
    r: &mut Reader<'de>,
    shape: &Shape,
    bad: impl Fn() -> Error,
) -> Result<Plan, Error> {
    let mut stats = TableStats::default();
    Plan::read(
        r,
        shape.names,
        Some(shape),
        shape.deny_unknown,
        &mut stats,
        bad,
    )
}

/// Reads tag 39649 `[keys, rows]` into records. A header byte-equal to the
/// type's constant maps columns to fields with no key work (its literals
/// still pass through the reader, which registers them for stringref); any
/// other header is matched once and the permutation applied to every row.
pub(super) fn decode_table<'de, T: DecodeFields<'de>>(
    r: &mut Reader<'de>,
    stats: &mut TableStats,
) -> Result<Vec<T>, Error> {
    let matched = r.rest().starts_with(T::SHAPE.header);
    stats.tables += 1;
    let out = read_shaped(
        r,
        |r: &mut Reader<'de>, bad: &dyn Fn() -> Error| {
            if matched {
                stats.matched_headers += 1;
                r.skip()?;
                Ok(Plan::Identity(T::SHAPE.len()))
            } else {
                let shape = T::SHAPE;
                Plan::read(r, shape.names, Some(shape), shape.deny_unknown, stats, bad)
            }
        },
        |r: &mut Reader<'de>, plan: &Plan, bad: &dyn Fn() -> Error| decode_row(r, plan, bad),
    )?;
    stats.rows += out.len();
    Ok(out)
}

/// Reads tag 39649 `[keys, rows]`: `keys` reads the key array into a plan,
/// `row` one row by that plan. Shared by records and enums.
pub(super) fn read_shaped<'de, T>(
    r: &mut Reader<'de>,
    keys: impl FnOnce(&mut Reader<'de>, &dyn Fn() -> Error) -> Result<Plan, Error>,
    row: impl Fn(&mut Reader<'de>, &Plan, &dyn Fn() -> Error) -> Result<T, Error>,
) -> Result<Vec<T>, Error> {
    let at = r.position();
    let bad = || Error::new(ErrorKind::BadTagContent { tag: TAG }, at);
    r.expect_tag(TAG)?;
    r.enter()?;
    let mut parts = r.array()?;
    if !matches!(parts.declared(), Some(2) | None) || !parts.next(r)? {
        return Err(bad());
    }
    let plan = keys(r, &bad)?;
    if !parts.next(r)? {
        return Err(bad());
    }
    let mut rows = r.array()?;
    let mut out = Vec::with_capacity(rows.capacity::<T>(r));
    while rows.next(r)? {
        let index = out.len();
        out.push(row(r, &plan, &bad).map_err(|e| e.at_index(index))?);
    }
    parts.finish(r).map_err(|_| bad())?;
    r.leave();
    Ok(out)
}

/// One row: values by column, `undefined` for an absent key.
#[inline]
pub(super) fn decode_row<'de, T: DecodeFields<'de>>(
    r: &mut Reader<'de>,
    plan: &Plan,
    bad: impl Fn() -> Error,
) -> Result<T, Error> {
    let at = r.position();
    if !matches!(r.peek_head()?, Head::Array(_)) {
        return Err(bad());
    }
    let mut slots = T::slots();
    let mut seq = r.array()?;
    let mut j = 0;
    while seq.next(r)? {
        let field = plan.column(j).map_err(|()| bad())?;
        j += 1;
        if r.peek()? == 0xf7 {
            r.null()?;
            continue;
        }
        match field {
            Some(i) => T::fill(&mut slots, i, r)?,
            None => r.skip()?,
        }
    }
    T::build(slots, at)
}
