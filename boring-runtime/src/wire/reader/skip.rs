//! Skipping an item without building it, iteratively.

use alloc::vec::Vec;

use super::Reader;
use crate::error::{Error, ErrorKind};
use crate::value::scattered;
use crate::wire::head::{Head, Major};

impl<'de> Reader<'de> {
    /// Skips one item without building it, iteratively (no recursion),
    /// validating its structure and registering its string literals.
    ///
    /// # Errors
    ///
    /// Input that is not one well-formed item: a malformed head
    /// ([`Reader`](Reader#errors)), [`ErrorKind::BadCount`],
    /// [`ErrorKind::UnexpectedBreak`], [`ErrorKind::BadIndefiniteChunk`],
    /// [`ErrorKind::InvalidUtf8`], [`ErrorKind::DepthExceeded`] past the depth
    /// limit; inside a stringref namespace, [`ErrorKind::BadStringref`] for a
    /// reference to nothing; [`ErrorKind::TooManyShapes`] past 65 536
    /// scattered-shape definitions.
    pub fn skip(&mut self) -> Result<(), Error> {
        // Each frame: entries left (None = indefinite), and whether the
        // frame is a stringref namespace (closed when its item ends).
        let mut stack: Vec<Frame> = Vec::new();
        let base_depth = self.depth;
        let result = self.skip_loop(&mut stack);
        if result.is_err() {
            // Restore what the frames held open.
            for frame in stack.iter().rev() {
                if frame.namespace {
                    self.strings.leave();
                }
            }
            self.depth = base_depth;
        }
        result
    }

    fn skip_loop(&mut self, stack: &mut Vec<Frame>) -> Result<(), Error> {
        loop {
            let at = self.pos;
            let head = self.head()?;
            let mut complete = true;
            match head {
                Head::Unsigned(_) | Head::Negative(_) | Head::Simple(_) => {}
                Head::Bytes(Some(len)) => {
                    self.bytes_literal(len, at)?;
                }
                Head::Text(Some(len)) => {
                    self.text_literal(len, at)?;
                }
                Head::Bytes(None) => {
                    self.chunks(Major::Bytes, |r, len, a| r.bytes_literal(len, a).map(drop))?
                }
                Head::Text(None) => {
                    self.chunks(Major::Text, |r, len, a| r.text_literal(len, a).map(drop))?
                }
                Head::Array(len) | Head::Map(len) => {
                    let pairs = matches!(head, Head::Map(_));
                    let seq = self.open(len, if pairs { 2 } else { 1 }, at)?;
                    let remaining = seq.declared().map(|n| if pairs { n * 2 } else { n });
                    if remaining != Some(0) {
                        stack.push(Frame {
                            remaining,
                            pairs,
                            odd: false,
                            namespace: false,
                            defines: None,
                        });
                        complete = false;
                    } else {
                        self.leave();
                    }
                }
                Head::Tag(tag) => {
                    // A stringref is read as the string it names, without a
                    // nesting level, as the decoders read it.
                    if tag == 25 && self.strings.active() {
                        match self.head()? {
                            Head::Unsigned(i) => {
                                self.resolve_reference(i, at)?;
                            }
                            _ => return Err(Error::new(ErrorKind::BadTagContent { tag: 25 }, at)),
                        }
                    } else {
                        self.enter()?;
                        // A skipped definition still takes its index when
                        // it is complete, so that later references count as
                        // the writer did.
                        let defines =
                            tag == scattered::TAG && scattered::defines(self.input, self.pos);
                        if tag == scattered::TAG && !defines {
                            self.references += 1;
                        }
                        let namespace = tag == 256;
                        if namespace {
                            self.strings.enter(self.rest().len());
                        }
                        stack.push(Frame {
                            remaining: Some(1),
                            pairs: false,
                            odd: false,
                            namespace,
                            defines: defines.then_some(at),
                        });
                        complete = false;
                    }
                }
                Head::Break => {
                    match stack.last_mut() {
                        Some(frame) if frame.remaining.is_none() && !frame.odd => {
                            stack.pop();
                            self.leave();
                        }
                        _ => return Err(Error::new(ErrorKind::UnexpectedBreak, at)),
                    }
                    // A closed indefinite container completes an item of its
                    // parent.
                }
            }
            if !complete {
                continue;
            }
            // One item finished: count it against the enclosing frames.
            loop {
                let Some(frame) = stack.last_mut() else {
                    return Ok(());
                };
                match &mut frame.remaining {
                    Some(n) => {
                        *n -= 1;
                        if frame.pairs {
                            frame.odd = !frame.odd;
                        }
                        if *n == 0 {
                            let frame = stack.pop().unwrap_or_default();
                            if frame.namespace {
                                self.strings.leave();
                            }
                            if let Some(at) = frame.defines {
                                let site = crate::value::scattered::key_array_at(self.input, at);
                                self.shapes_mut().define(None, site, at)?;
                            }
                            self.leave();
                            continue;
                        }
                    }
                    None => {
                        if frame.pairs {
                            frame.odd = !frame.odd;
                        }
                    }
                }
                break;
            }
        }
    }
}

#[derive(Debug, Default, Clone, Copy)]
struct Frame {
    remaining: Option<u64>,
    pairs: bool,
    odd: bool,
    namespace: bool,
    /// A scattered-shape definition (tag 39650) at this offset: it takes
    /// its index when its content is complete.
    defines: Option<usize>,
}
