//! Batches: many values written as one item, an array, so that they share
//! one stringref namespace (`256([v1, v2, …])` under the profiles that use
//! stringref), and read back one value at a time.
//!
//! Text that recurs across the values — keys, enum names, repeated
//! strings — is written once for the whole batch rather than once per
//! value, as the reference's `encode-many` does. Unlike a `Vec<T>`, a batch
//! writes each value as a value (never as a shaped or columnar table), and
//! [`Batch`] decodes the values lazily: one `T` at a time, borrowing from
//! the input, so reading a batch holds one value (and the string table)
//! rather than all of them.
//!
//! ```
//! use boring::batch::{self, Batch};
//! use boring::{Options, Profile};
//!
//! #[derive(boring::Boring, Debug, PartialEq)]
//! struct Event<'a> {
//!     kind: &'a str,
//!     at: u32,
//! }
//!
//! let events = [Event { kind: "login", at: 1 }, Event { kind: "login", at: 2 }];
//! let bytes = batch::to_vec(&events, &Options::from(Profile::Default))?;
//!
//! // The keys and "login" are written once; the rest are references.
//! let alone: usize = events.iter().map(|e| boring::to_vec(e).unwrap().len()).sum();
//! assert!(bytes.len() < alone);
//!
//! let mut read = Batch::<Event<'_>>::new(&bytes, &Options::default())?;
//! assert_eq!(read.len(), Some(2));
//! assert_eq!(read.next().transpose()?, Some(Event { kind: "login", at: 1 }));
//! assert_eq!(read.next().transpose()?, Some(Event { kind: "login", at: 2 }));
//! assert!(read.next().is_none());
//! # Ok::<(), boring::Error>(())
//! ```

use alloc::vec::Vec;
use core::marker::PhantomData;

use crate::codec::{Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::profile::Options;
use crate::wire::{Head, Reader, Seq, Sink, Writer};

/// Encodes `items` as one batch under `options`.
///
/// # Errors
///
/// As [`to_vec_with`](crate::to_vec_with): options the profile locks off,
/// or a value the profile cannot represent.
pub fn to_vec<'a, T, I>(items: I, options: &Options) -> Result<Vec<u8>, Error>
where
    T: Encode + 'a,
    I: IntoIterator<Item = &'a T>,
    I::IntoIter: ExactSizeIterator + Clone,
{
    let mut w = Writer::with_sink(Vec::new(), options)?;
    w.write_batch(items)?;
    Ok(w.into_sink())
}

impl Writer<Vec<u8>> {
    /// Encodes `items` as one batch into the writer's buffer, replacing
    /// what the previous call wrote, and returns the bytes: a kept writer
    /// reuses its buffer and its string table, so batch after batch
    /// allocates nothing once warm.
    ///
    /// # Errors
    ///
    /// What encoding an item reports.
    pub fn encode_batch<'a, T, I>(&mut self, items: I) -> Result<&[u8], Error>
    where
        T: Encode + 'a,
        I: IntoIterator<Item = &'a T>,
        I::IntoIter: ExactSizeIterator + Clone,
    {
        self.clear();
        self.write_batch(items)?;
        Ok(self.buffer())
    }
}

impl<S: Sink> Writer<S> {
    /// Writes `items` as one batch: one top-level item, an array of the
    /// values, inside one stringref namespace when the options use
    /// stringref.
    ///
    /// # Errors
    ///
    /// What encoding an item reports, with the item's index in the path.
    pub fn write_batch<'a, T, I>(&mut self, items: I) -> Result<(), Error>
    where
        T: Encode + 'a,
        I: IntoIterator<Item = &'a T>,
        I::IntoIter: ExactSizeIterator + Clone,
    {
        self.write(&Items(items.into_iter()))
    }
}

/// The values of a batch as one array, each written by its own `encode`
/// (not as a sequence, which could become a table).
struct Items<I>(I);

impl<'a, T, I> Encode for Items<I>
where
    T: Encode + 'a,
    I: ExactSizeIterator<Item = &'a T> + Clone,
{
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.array(self.0.len())?;
        for (i, item) in self.0.clone().enumerate() {
            item.encode(w).map_err(|e| e.at_index(i))?;
        }
        Ok(())
    }
}

/// The values of a batch, decoded one at a time.
///
/// Each `next` decodes one value, with the batch's string table in force;
/// after the last value the reader checks that nothing follows the batch.
/// The first error ends the iteration.
#[derive(Debug)]
pub struct Batch<'de, T> {
    r: Reader<'de>,
    items: Seq,
    index: usize,
    /// Whether a namespace (tag 256) opened the batch and must be closed.
    namespace: bool,
    done: bool,
    _values: PhantomData<fn() -> T>,
}

impl<'de, T: Decode<'de>> Batch<'de, T> {
    /// Opens the batch in `bytes` under `options` (limits, duplicate keys,
    /// deterministic-form checks). Any array of values reads as a batch,
    /// with or without a namespace around it.
    ///
    /// # Errors
    ///
    /// Invalid options, input that is not an array (with or without tag
    /// 256 around it), or under `verify_deterministic` a batch not in the
    /// profile's form.
    pub fn new(bytes: &'de [u8], options: &Options) -> Result<Self, Error> {
        let mut r = Reader::with_options(bytes, options)?;
        r.start_item();
        if r.options().verify_deterministic {
            let opts = *r.options();
            crate::wire::verify(&r, &opts)?;
        }
        let namespace = matches!(r.peek_head(), Ok(Head::Tag(256)));
        if namespace {
            r.head()?;
            r.enter_namespace()?;
        }
        let items = r.array()?;
        Ok(Batch {
            r,
            items,
            index: 0,
            namespace,
            done: false,
            _values: PhantomData,
        })
    }

    /// The number of values the batch declares (`None` for an
    /// indefinite-length array).
    pub fn len(&self) -> Option<usize> {
        self.items
            .declared()
            .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// Whether the batch declares no values.
    pub fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }

    fn step(&mut self) -> Result<Option<T>, Error> {
        if !self.items.next(&mut self.r)? {
            if self.namespace {
                self.r.leave_namespace();
            }
            if !self.r.is_at_end() {
                return Err(self.r.error(ErrorKind::TrailingBytes));
            }
            return Ok(None);
        }
        let index = self.index;
        self.index += 1;
        T::decode(&mut self.r)
            .map(Some)
            .map_err(|e| e.at_index(index))
    }
}

impl<'de, T: Decode<'de>> Iterator for Batch<'de, T> {
    type Item = Result<T, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let step = self.step();
        if !matches!(step, Ok(Some(_))) {
            self.done = true;
        }
        step.transpose()
    }
}

impl<'de, T: Decode<'de>> core::iter::FusedIterator for Batch<'de, T> {}
