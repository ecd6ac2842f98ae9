//! Where a [`Writer`](crate::Writer) puts its bytes.

use alloc::vec::Vec;

use crate::error::ErrorKind;

/// A byte destination. Implemented for `Vec<u8>` (grows), [`SliceSink`] (a
/// caller's fixed buffer), [`CountingSink`] (counts, writes nothing) and,
/// with the `std` feature, [`IoSink`] (any `io::Write`).
pub trait Sink {
    /// Appends `bytes`, or fails without writing any of them.
    ///
    /// # Errors
    ///
    /// When the bytes cannot be stored: [`ErrorKind::BufferFull`] from a
    /// [`SliceSink`] out of room, [`ErrorKind::Io`] from an [`IoSink`] whose
    /// writer fails; `Vec<u8>` and [`CountingSink`] never fail.
    fn put(&mut self, bytes: &[u8]) -> Result<(), ErrorKind>;

    /// Appends the first `len` bytes of `buf` (`len <= 16`). Heads and keys
    /// are 1 to 16 bytes of a length known only at run time; a sink that can
    /// store a whole fixed-size block and keep part of it avoids a
    /// variable-length copy per write.
    ///
    /// # Errors
    ///
    /// As [`Sink::put`].
    #[inline]
    fn put_prefix(&mut self, buf: &[u8; 16], len: usize) -> Result<(), ErrorKind> {
        self.put(buf.get(..len).unwrap_or(buf))
    }

    /// A hint that about `additional` more bytes follow: a growable sink
    /// allocates for them at once instead of doubling its way there.
    #[inline]
    fn reserve(&mut self, additional: usize) {
        let _ = additional;
    }

    /// How many bytes the sink holds or has passed on, if it keeps that
    /// count itself (a `Vec<u8>` is its length). A [`Writer`](crate::Writer)
    /// over such a sink takes its position from it; over one that answers
    /// `None` (the default), it counts every write. The count is kept in
    /// one place because a second counter, updated in memory after every
    /// small write, put a load and a store on each write's critical path.
    #[inline]
    fn bytes_taken(&self) -> Option<usize> {
        None
    }
}

impl Sink for Vec<u8> {
    #[inline]
    fn put(&mut self, bytes: &[u8]) -> Result<(), ErrorKind> {
        self.extend_from_slice(bytes);
        Ok(())
    }

    #[inline]
    fn put_prefix(&mut self, buf: &[u8; 16], len: usize) -> Result<(), ErrorKind> {
        // A constant-size copy compiles to two stores; dropping the unused
        // tail only moves the length back.
        let end = self.len() + len.min(16);
        self.extend_from_slice(buf);
        self.truncate(end);
        Ok(())
    }

    #[inline]
    fn reserve(&mut self, additional: usize) {
        Vec::reserve(self, additional);
    }

    #[inline]
    fn bytes_taken(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<S: Sink + ?Sized> Sink for &mut S {
    #[inline]
    fn put(&mut self, bytes: &[u8]) -> Result<(), ErrorKind> {
        (**self).put(bytes)
    }

    #[inline]
    fn put_prefix(&mut self, buf: &[u8; 16], len: usize) -> Result<(), ErrorKind> {
        (**self).put_prefix(buf, len)
    }

    #[inline]
    fn reserve(&mut self, additional: usize) {
        (**self).reserve(additional);
    }

    #[inline]
    fn bytes_taken(&self) -> Option<usize> {
        (**self).bytes_taken()
    }
}

/// Writes into a caller's slice; a write that does not fit fails with
/// [`ErrorKind::BufferFull`] and nothing is written past the end.
#[derive(Debug)]
pub struct SliceSink<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl<'a> SliceSink<'a> {
    /// A sink over `buf`, starting at its first byte.
    pub fn new(buf: &'a mut [u8]) -> Self {
        SliceSink { buf, len: 0 }
    }

    /// How many bytes have been written.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing has been written yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The written part of the buffer.
    pub fn written(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl Sink for SliceSink<'_> {
    #[inline]
    fn put(&mut self, bytes: &[u8]) -> Result<(), ErrorKind> {
        let end = self.len + bytes.len();
        let dest = self
            .buf
            .get_mut(self.len..end)
            .ok_or(ErrorKind::BufferFull)?;
        dest.copy_from_slice(bytes);
        self.len = end;
        Ok(())
    }

    #[inline]
    fn bytes_taken(&self) -> Option<usize> {
        Some(self.len)
    }
}

/// Counts the bytes an encoding would take without storing them: the
/// predicted length of an item, with no allocation.
#[derive(Debug, Default, Clone, Copy)]
pub struct CountingSink {
    count: usize,
}

impl CountingSink {
    /// A counter at zero.
    pub fn new() -> Self {
        CountingSink::default()
    }

    /// The bytes counted so far.
    pub fn count(&self) -> usize {
        self.count
    }
}

impl Sink for CountingSink {
    #[inline]
    fn put(&mut self, bytes: &[u8]) -> Result<(), ErrorKind> {
        self.count += bytes.len();
        Ok(())
    }

    #[inline]
    fn bytes_taken(&self) -> Option<usize> {
        Some(self.count)
    }
}

/// Adapts any `std::io::Write`. Writes go straight through: wrap files and
/// sockets in a `BufWriter`.
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct IoSink<W>(pub W);

#[cfg(feature = "std")]
impl<W: std::io::Write> Sink for IoSink<W> {
    fn put(&mut self, bytes: &[u8]) -> Result<(), ErrorKind> {
        self.0.write_all(bytes).map_err(|e| ErrorKind::Io(e.kind()))
    }
}
