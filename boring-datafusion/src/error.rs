//! Errors of reading boring files, carried through DataFusion's errors.

use std::path::PathBuf;

use datafusion::error::DataFusionError;

/// Why a boring file could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A sealed file's header or payload is bad.
    #[error("{path}: {source}")]
    Codec {
        /// The file.
        path: PathBuf,
        /// The codec's error.
        source: boring_codec::Error,
    },
    /// An item is not well-formed, or ends the file cut short.
    #[error("{path}: item at byte {offset}: {source}")]
    Item {
        /// The file.
        path: PathBuf,
        /// Where the item starts in the (decoded) file.
        offset: u64,
        /// The runtime's error; its offset counts from the item's start.
        source: boring::Error,
    },
    /// The file ends inside an item.
    #[error("{path}: cut short in the item at byte {offset}")]
    Torn {
        /// The file.
        path: PathBuf,
        /// Where the incomplete item starts.
        offset: u64,
    },
    /// An item did not convert to the table's schema.
    #[error("{path}: item at byte {offset}: {source}")]
    Convert {
        /// The file.
        path: PathBuf,
        /// Where the item starts in the (decoded) file.
        offset: u64,
        /// What went wrong.
        source: boring_arrow::Error,
    },
    /// The file changed since the table was registered.
    #[error("{path}: changed since the table was registered")]
    Changed {
        /// The file.
        path: PathBuf,
    },
    /// The path names no file, or a directory with no file to read.
    #[error("{path}: no boring files")]
    NoFiles {
        /// The path given.
        path: PathBuf,
    },
}

impl From<ReadError> for DataFusionError {
    fn from(e: ReadError) -> DataFusionError {
        DataFusionError::External(Box::new(e))
    }
}
