//! Columns of fixed-size numeric arrays: RFC 8746 §3.1's multi-dimensional
//! array, tag 40 over `[[n, k], elements]` in row-major order
//! (`docs/WIRE.md` §8).
//!
//! A columnar table's column of `[f32; 3]` is one typed array of n × 3
//! elements under a two-number header, instead of n arrays of three floats:
//! a mesh's vertex column costs what its floats cost. Derived `[T; N]`
//! fields write this form when the n × N elements would be a typed array;
//! `Value` writes it for a column whose every cell is an array of one
//! length k ≥ 1 whose elements would be typed, so both give the same bytes.
//! Reading accepts it for `[T; N]` and `Vec<T>` fields, and `Value` expands
//! it back into the arrays.

use alloc::vec::Vec;

use crate::codec::collections::filled;
use crate::codec::{Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::ext::columns::Exact;
use crate::wire::{Reader, Seq, Sink, Writer};

/// The multi-dimensional array tag (row-major order).
pub const TAG: u64 = 40;

/// The `n × N` elements of `items`, row by row.
fn elements<'a, T, I, const N: usize>(items: I) -> Exact<impl Iterator<Item = &'a T> + Clone>
where
    T: 'a,
    I: ExactSizeIterator<Item = &'a [T; N]> + Clone,
{
    let len = items.len().saturating_mul(N);
    Exact::new(items.flat_map(|row| row.iter()), len)
}

/// Whether [`encode_column`] writes `items` as a tag-40 grid: the arrays
/// are not empty and their elements, as one column, would be typed.
pub fn column_is_grid<'a, T, I, const N: usize>(items: I) -> bool
where
    T: Encode + 'a,
    I: ExactSizeIterator<Item = &'a [T; N]> + Clone,
{
    N > 0 && T::column_is_typed(elements(items))
}

/// Writes the column of a `[T; N]` field: `40([[n, N], typed array])` when
/// [`column_is_grid`], else the arrays' plain sequence.
pub fn encode_column<'a, T, S, I, const N: usize>(items: I, w: &mut Writer<S>) -> Result<(), Error>
where
    T: Encode + 'a,
    S: Sink,
    I: ExactSizeIterator<Item = &'a [T; N]> + Clone,
{
    if !column_is_grid(items.clone()) {
        return <[T; N]>::encode_seq(items, w);
    }
    w.tag(TAG)?;
    w.array(2)?;
    w.array(2)?;
    w.u64(items.len() as u64)?;
    w.u64(N as u64)?;
    T::encode_column(elements(items), w)
}

/// Whether the next item is a tag-40 grid.
#[inline]
pub fn at_grid(r: &Reader<'_>) -> bool {
    r.rest().starts_with(&[0xd8, TAG as u8])
}

/// A grid being read: its header checked, the reader at its elements.
struct Grid {
    parts: Seq,
    at: usize,
    width: usize,
}

impl Grid {
    /// Reads `40([[rows, k], …`: the row count must be the table's and k,
    /// when `width` is given, the array length; `rows × k` is checked
    /// against the input left before anything is allocated for it.
    fn open(r: &mut Reader<'_>, rows: usize, width: Option<usize>) -> Result<Grid, Error> {
        let at = r.position();
        let bad = || Error::new(ErrorKind::BadTagContent { tag: TAG }, at);
        r.expect_tag(TAG)?;
        r.enter()?;
        let mut parts = r.array()?;
        if parts.declared() != Some(2) || !parts.next(r)? {
            return Err(bad());
        }
        let mut dims = r.array()?;
        if dims.declared() != Some(2) || !dims.next(r)? {
            return Err(bad());
        }
        let n = r.u64().map_err(|_| bad())?;
        if !dims.next(r)? {
            return Err(bad());
        }
        let k = r.u64().map_err(|_| bad())?;
        dims.finish(r).map_err(|_| bad())?;
        if n != rows as u64 || k == 0 || width.is_some_and(|w| w as u64 != k) {
            return Err(bad());
        }
        // Every element takes at least one byte of what is left.
        let left = (r.input().len() - r.position()) as u64;
        match n.checked_mul(k) {
            Some(count) if count <= left => {}
            _ => return Err(Error::new(ErrorKind::BadCount, at)),
        }
        if !parts.next(r)? {
            return Err(bad());
        }
        // `k <= left`, so it fits `usize`.
        Ok(Grid {
            parts,
            at,
            width: k as usize,
        })
    }

    /// Maps an element-count error of the reading inside to the grid.
    fn blame(&self, e: Error) -> Error {
        match e.kind() {
            ErrorKind::BadTagContent { tag } if *tag == crate::ext::columns::TAG => {
                Error::new(ErrorKind::BadTagContent { tag: TAG }, self.at)
            }
            _ => e,
        }
    }

    /// Requires the end of the grid's content.
    fn close(self, r: &mut Reader<'_>) -> Result<(), Error> {
        let at = self.at;
        self.parts
            .finish(r)
            .map_err(|_| Error::new(ErrorKind::BadTagContent { tag: TAG }, at))?;
        r.leave();
        Ok(())
    }
}

/// Reads the column of a `[T; N]` field written as a grid of `rows` × `N`.
pub fn decode_arrays<'de, T: Decode<'de>, const N: usize>(
    r: &mut Reader<'de>,
    rows: usize,
) -> Result<Vec<[T; N]>, Error> {
    let grid = Grid::open(r, rows, Some(N))?;
    let arrays = T::decode_grid::<N>(r, rows).map_err(|e| grid.blame(e))?;
    grid.close(r)?;
    Ok(arrays)
}

/// The default of [`Decode::decode_grid`]: `rows × N` elements read as one
/// column, regrouped into arrays.
pub fn regroup<'de, T: Decode<'de>, const N: usize>(
    r: &mut Reader<'de>,
    rows: usize,
) -> Result<Vec<[T; N]>, Error> {
    let mut cells = T::decode_column(r, rows.saturating_mul(N))?.into_iter();
    // Exactly rows × N cells: every slot is filled.
    Ok((0..rows)
        .map(|_| filled(core::array::from_fn(|_| cells.next())))
        .collect())
}

/// Reads the column of a `Vec<T>` field written as a grid: `rows` vectors
/// of the grid's width.
pub fn decode_vecs<'de, T: Decode<'de>>(
    r: &mut Reader<'de>,
    rows: usize,
) -> Result<Vec<Vec<T>>, Error> {
    let at = r.position();
    let grid = Grid::open(r, rows, None)?;
    let width = grid.width;
    let cells = T::decode_column(r, rows * width).map_err(|e| grid.blame(e))?;
    grid.close(r)?;
    r.charge_output_at(rows.saturating_mul(core::mem::size_of::<Vec<T>>()), at)?;
    let mut cells = cells.into_iter();
    Ok((0..rows)
        .map(|_| cells.by_ref().take(width).collect())
        .collect())
}
