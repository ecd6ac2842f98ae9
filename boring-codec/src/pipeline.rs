//! Chains of steps, and the byte-in, byte-out interface they share with a
//! single step.

use std::fmt;
use std::str::FromStr;

use crate::codec::Codec;
use crate::error::{Error, Result, SpecProblem};
use crate::step::{parse_step, Step};

/// The most steps a pipeline holds: more is a mistake, not a use.
pub const MAX_STEPS: usize = 16;

/// The default bound on what decoding may produce: 256 MiB.
pub const DEFAULT_MAX_OUTPUT: u64 = 256 << 20;

/// Steps applied in order on encode and in reverse order on decode.
///
/// Built from code ([`Pipeline::new`]) or from a spec string
/// ([`Pipeline::parse`]): `SPEC = STEP ("+" STEP)*`, `STEP = NAME [":"
/// LEVEL]`, for example `zstd:19+crc32c+base64`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pipeline {
    steps: Vec<Step>,
}

impl Pipeline {
    /// A pipeline of `steps`, each checked: between 1 and [`MAX_STEPS`]
    /// steps, every level in its step's range.
    pub fn new(steps: impl IntoIterator<Item = Step>) -> Result<Pipeline> {
        let steps: Vec<Step> = steps.into_iter().collect();
        if steps.is_empty() {
            return Err(Error::spec(None, SpecProblem::EmptyStep));
        }
        if steps.len() > MAX_STEPS {
            return Err(Error::spec(None, SpecProblem::TooManySteps(MAX_STEPS)));
        }
        for step in &steps {
            step.validate()?;
        }
        Ok(Pipeline { steps })
    }

    /// Parses a spec string; an error names the byte where the problem
    /// starts.
    pub fn parse(spec: &str) -> Result<Pipeline> {
        let mut steps = Vec::new();
        let mut start = 0;
        for text in spec.split('+') {
            if steps.len() == MAX_STEPS {
                return Err(Error::spec(
                    Some(start),
                    SpecProblem::TooManySteps(MAX_STEPS),
                ));
            }
            steps.push(parse_step(text, start)?);
            start += text.len() + 1;
        }
        Ok(Pipeline { steps })
    }

    /// The steps, in encoding order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// A reusable context for this pipeline (raw output, default bound).
    pub fn codec(&self) -> Codec {
        Codec::new(self.clone())
    }
}

impl From<Step> for Pipeline {
    fn from(step: Step) -> Pipeline {
        Pipeline { steps: vec![step] }
    }
}

/// The canonical spec string: every level written out.
impl fmt::Display for Pipeline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps.iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{step}")?;
        }
        Ok(())
    }
}

impl FromStr for Pipeline {
    type Err = Error;

    fn from_str(spec: &str) -> Result<Pipeline> {
        Pipeline::parse(spec)
    }
}

/// Bytes in, bytes out: what a single [`Step`] and a [`Pipeline`] both do.
///
/// These one-off calls set up a fresh context each time and write no
/// header; keep a [`Codec`] to reuse contexts and buffers across messages.
pub trait Transform {
    /// The encoded form of `input`.
    fn encode(&self, input: &[u8]) -> Result<Vec<u8>>;

    /// The bytes that encode to `input`, at most [`DEFAULT_MAX_OUTPUT`]
    /// from any step.
    fn decode(&self, input: &[u8]) -> Result<Vec<u8>>;
}

impl Transform for Pipeline {
    fn encode(&self, input: &[u8]) -> Result<Vec<u8>> {
        self.codec().encode(input)
    }

    fn decode(&self, input: &[u8]) -> Result<Vec<u8>> {
        self.codec().decode(input)
    }
}

impl Transform for Step {
    fn encode(&self, input: &[u8]) -> Result<Vec<u8>> {
        Pipeline::new([*self])?.encode(input)
    }

    fn decode(&self, input: &[u8]) -> Result<Vec<u8>> {
        Pipeline::new([*self])?.decode(input)
    }
}
