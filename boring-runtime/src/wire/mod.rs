//! The byte level: heads, the [`Writer`] and its sinks, the [`Reader`].

mod byte_heads;
mod deterministic;
pub mod float;
mod head;
mod reader;
mod sink;
pub(crate) mod stringref;
mod writer;

pub(crate) use byte_heads::write_byte_heads;
pub(crate) use deterministic::verify;
pub(crate) use head::encode_head;
pub use head::{Head, Major, Simple, BREAK};
pub(crate) use reader::parse_head;
pub use reader::{Checkpoint, Reader, Seq};
#[cfg(feature = "std")]
pub use sink::IoSink;
pub use sink::{CountingSink, Sink, SliceSink};
pub use writer::Writer;
