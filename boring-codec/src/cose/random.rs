//! Where randomness comes from: the operating system in production, a
//! replayed stream in tests, so that a conformance vector's `rng_stream`
//! reproduces its message byte for byte.

use super::CoseError;

/// A source of random bytes for content keys and IVs.
pub trait RandomSource {
    /// Fills `buf` with random bytes.
    fn fill(&mut self, buf: &mut [u8]) -> Result<(), CoseError>;
}

impl<R: RandomSource + ?Sized> RandomSource for &mut R {
    fn fill(&mut self, buf: &mut [u8]) -> Result<(), CoseError> {
        (**self).fill(buf)
    }
}

/// The operating system's generator (`getrandom`).
#[derive(Debug, Default, Clone, Copy)]
pub struct OsRandom;

impl RandomSource for OsRandom {
    fn fill(&mut self, buf: &mut [u8]) -> Result<(), CoseError> {
        getrandom::fill(buf).map_err(|e| CoseError::Random(e.to_string()))
    }
}

/// Bytes given in advance, handed out in order; asking for more than are
/// left is an error, so a test notices when more randomness is drawn than
/// it expected. For tests and vectors only: it is not random.
#[derive(Debug, Clone, Default)]
pub struct ReplayRandom {
    bytes: Vec<u8>,
    at: usize,
}

impl ReplayRandom {
    /// A stream of `chunks`, concatenated.
    pub fn new<I, C>(chunks: I) -> Self
    where
        I: IntoIterator<Item = C>,
        C: AsRef<[u8]>,
    {
        let bytes = chunks
            .into_iter()
            .flat_map(|c| c.as_ref().to_vec())
            .collect();
        ReplayRandom { bytes, at: 0 }
    }

    /// How many bytes are left.
    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.at
    }
}

impl RandomSource for ReplayRandom {
    fn fill(&mut self, buf: &mut [u8]) -> Result<(), CoseError> {
        let end = self.at + buf.len();
        let Some(next) = self.bytes.get(self.at..end) else {
            return Err(CoseError::Random(format!(
                "replayed stream exhausted: {} bytes wanted, {} left",
                buf.len(),
                self.remaining()
            )));
        };
        buf.copy_from_slice(next);
        self.at = end;
        Ok(())
    }
}
