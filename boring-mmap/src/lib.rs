//! Memory-mapped boring files: a [`Cursor`], an [`Indexed`] file or a
//! [`SeqReader`] over a file that is read only where it is touched, so a
//! file larger than memory is navigated page by page.
//!
//! ```no_run
//! use boring::nav::Key;
//!
//! // SAFETY: nothing writes to or truncates events.cbor while it is mapped.
//! let file = unsafe { boring_mmap::Mapped::open("events.cbor")? };
//! let log = file.indexed();
//! let last = log.item(log.len()? - 1)?;
//! println!("{:?}", last.get(Key::from("kind"))?.as_str()?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Mapping is the one thing here the compiler cannot check: the bytes of a
//! mapped file are the file's, and another process may change them. This
//! crate holds the one `unsafe` block of the project, in [`Mapped::open`];
//! the runtime forbids `unsafe` code.

use std::fs::File;
use std::io;
use std::path::Path;

use boring::nav::{Cursor, Indexed};
use boring::seq::SeqReader;
use boring::Error;

/// A file mapped read-only into memory.
#[derive(Debug)]
pub struct Mapped {
    map: memmap2::Mmap,
}

impl Mapped {
    /// Maps the file at `path` read-only.
    ///
    /// # Safety
    ///
    /// The caller guarantees that, while the returned value lives, nothing
    /// writes to the file, and nothing truncates it. A change would change
    /// bytes that safe code holds as an immutable `&[u8]` (undefined
    /// behaviour), and a truncation makes reading the lost pages raise
    /// `SIGBUS`, which ends the process. Appending to a file is a write
    /// too: map a log after its writer has finished, or map a copy.
    #[allow(unsafe_code)] // the one place: see the module docs
    pub unsafe fn open(path: impl AsRef<Path>) -> io::Result<Mapped> {
        let file = File::open(path)?;
        // SAFETY: the mapping is read-only, and the caller has promised
        // (above) that the file is neither written nor truncated while the
        // map lives; under that promise the mapped bytes behave as an
        // immutable slice for as long as `Mapped` is borrowed.
        let map = unsafe { memmap2::Mmap::map(&file)? };
        Ok(Mapped { map })
    }

    /// The file's bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.map
    }

    /// A cursor on the file's first item.
    pub fn cursor(&self) -> Result<Cursor<'_>, Error> {
        Cursor::new(&self.map)
    }

    /// The file with its index frame, if it ends in one: cursors that jump
    /// through the anchors and items addressed by number.
    pub fn indexed(&self) -> Indexed<'_> {
        Indexed::new(&self.map)
    }

    /// The file's items as a sequence.
    pub fn sequence(&self) -> SeqReader<'_> {
        SeqReader::new(&self.map)
    }
}
