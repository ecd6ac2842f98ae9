//! zstd through `zstd-safe`'s reusable compression and decompression
//! contexts.

use zstd::zstd_safe::{
    self, CCtx, CParameter, DCtx, InBuffer, OutBuffer, ResetDirective, WriteBuf,
};

use super::{Budget, OUT_CHUNK};
use crate::error::{Error, Result};

const STEP: &str = "zstd";

/// The library's message for an error code.
fn message(code: usize) -> String {
    zstd_safe::get_error_name(code).to_string()
}

/// How far past its output's end zstd's wide copies may reach
/// (`WILDCOPY_OVERLENGTH` in its sources).
const WILDCOPY_SLACK: usize = 32;

/// A `Vec`'s spare capacity up to `cap` bytes from its start, as zstd's
/// output: the library never writes past `cap`, however much capacity the
/// vector has from earlier messages, so a bound holds exactly.
struct Window<'a> {
    vec: &'a mut Vec<u8>,
    cap: usize,
}

// SAFETY: `capacity` never exceeds the vector's own capacity (`cap` is
// clamped in `Window::new`), `as_mut_ptr` is the vector's buffer, and
// `filled_until` is only called by zstd-safe with a count of bytes the
// library initialized, which is what `Vec::set_len` requires.
#[allow(unsafe_code)]
unsafe impl WriteBuf for Window<'_> {
    fn as_slice(&self) -> &[u8] {
        self.vec.as_slice()
    }

    fn capacity(&self) -> usize {
        self.cap
    }

    fn as_mut_ptr(&mut self) -> *mut u8 {
        self.vec.as_mut_ptr()
    }

    unsafe fn filled_until(&mut self, n: usize) {
        // SAFETY: forwarded; see the impl's comment.
        unsafe { self.vec.set_len(n) }
    }
}

impl<'a> Window<'a> {
    /// At most `room` bytes after the vector's current end, reserving
    /// `want` of them (or `room`, if smaller).
    fn new(vec: &'a mut Vec<u8>, room: usize, want: usize) -> Window<'a> {
        let len = vec.len();
        vec.reserve(want.min(room));
        let cap = len.saturating_add(room).min(vec.capacity());
        Window { vec, cap }
    }
}

/// A zstd compressor: level and checksum set once, the context kept.
pub(crate) struct Encoder {
    cctx: CCtx<'static>,
}

impl std::fmt::Debug for Encoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("zstd::Encoder")
    }
}

/// Sets a compression parameter, naming a failure.
fn set(cctx: &mut CCtx<'static>, param: CParameter) -> Result<()> {
    cctx.set_parameter(param)
        .map(drop)
        .map_err(|code| Error::Library {
            step: STEP,
            detail: message(code),
        })
}

impl Encoder {
    /// A compressor at `level`, writing content checksums as the `zstd`
    /// tool does.
    pub(crate) fn new(level: u8) -> Result<Encoder> {
        let mut cctx = CCtx::try_create().ok_or(Error::Library {
            step: STEP,
            detail: "cannot create a compression context".into(),
        })?;
        set(&mut cctx, CParameter::CompressionLevel(i32::from(level)))?;
        set(&mut cctx, CParameter::ChecksumFlag(true))?;
        Ok(Encoder { cctx })
    }

    /// Forgets any frame in progress; the parameters stay.
    pub(crate) fn begin(&mut self) -> Result<()> {
        self.cctx
            .reset(ResetDirective::SessionOnly)
            .map(drop)
            .map_err(|code| Error::Library {
                step: STEP,
                detail: message(code),
            })
    }

    /// Runs the stream with `directive` until the input is taken and, for
    /// an end or a flush, until the library has nothing left to write.
    fn run(
        &mut self,
        input: &[u8],
        out: &mut Vec<u8>,
        directive: zstd_safe::zstd_sys::ZSTD_EndDirective,
        reserve: usize,
    ) -> Result<()> {
        let mut src = InBuffer::around(input);
        loop {
            // The worst case when it is known (one call then does it all),
            // else the library's own recommended step.
            out.reserve(if reserve > 0 {
                reserve
            } else {
                CCtx::out_size()
            });
            let pos = out.len();
            let mut dst = OutBuffer::around_pos(out, pos);
            let left = self
                .cctx
                .compress_stream2(&mut dst, &mut src, directive)
                .map_err(|code| Error::Library {
                    step: STEP,
                    detail: message(code),
                })?;
            let taken = src.pos() == input.len();
            let continuing = directive == zstd_safe::zstd_sys::ZSTD_EndDirective::ZSTD_e_continue;
            if taken && (continuing || left == 0) {
                return Ok(());
            }
        }
    }

    /// Compresses more of the frame.
    pub(crate) fn update(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<()> {
        use zstd_safe::zstd_sys::ZSTD_EndDirective::ZSTD_e_continue;
        self.run(input, out, ZSTD_e_continue, 0)
    }

    /// Ends the frame.
    pub(crate) fn finish(&mut self, out: &mut Vec<u8>) -> Result<()> {
        use zstd_safe::zstd_sys::ZSTD_EndDirective::ZSTD_e_end;
        self.run(&[], out, ZSTD_e_end, 0)
    }

    /// One frame of `input`: with room for the worst case, the library
    /// compresses it in one call and records its size in the header.
    pub(crate) fn encode_all(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<()> {
        use zstd_safe::zstd_sys::ZSTD_EndDirective::ZSTD_e_end;
        self.begin()?;
        self.run(
            input,
            out,
            ZSTD_e_end,
            zstd_safe::compress_bound(input.len()),
        )
    }
}

/// A zstd decompressor, its context kept between messages.
pub(crate) struct Decoder {
    dctx: DCtx<'static>,
    /// Inside a frame: its end has not been seen.
    in_frame: bool,
    /// Frames (skippable ones included) seen to their end.
    frames: u64,
}

impl std::fmt::Debug for Decoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("zstd::Decoder")
            .field("in_frame", &self.in_frame)
            .field("frames", &self.frames)
            .finish()
    }
}

impl Decoder {
    /// A decompressor.
    pub(crate) fn new() -> Result<Decoder> {
        let dctx = DCtx::try_create().ok_or(Error::Library {
            step: STEP,
            detail: "cannot create a decompression context".into(),
        })?;
        Ok(Decoder {
            dctx,
            in_frame: false,
            frames: 0,
        })
    }

    /// Forgets any frame in progress.
    pub(crate) fn begin(&mut self) -> Result<()> {
        self.in_frame = false;
        self.frames = 0;
        self.dctx
            .reset(ResetDirective::SessionOnly)
            .map(drop)
            .map_err(|code| Error::Library {
                step: STEP,
                detail: message(code),
            })
    }

    /// Records what a streaming call's return value says about the frame;
    /// a call that took and wrote nothing says nothing (between frames the
    /// library asks for the next header).
    fn note(&mut self, hint: usize, progressed: bool) {
        if !progressed {
            return;
        }
        if hint == 0 {
            self.in_frame = false;
            self.frames += 1;
        } else {
            self.in_frame = true;
        }
    }

    /// Decompresses more input, never writing past `budget`.
    pub(crate) fn update(
        &mut self,
        input: &[u8],
        out: &mut Vec<u8>,
        budget: &mut Budget,
    ) -> Result<()> {
        let mut src = InBuffer::around(input);
        loop {
            let room = budget.room();
            let before_in = src.pos();
            if room == 0 {
                // The bound is reached: one more byte, if the frame has
                // one, is past it.
                let mut probe = [0u8; 1];
                let mut dst = OutBuffer::around(&mut probe[..]);
                let hint = self
                    .dctx
                    .decompress_stream(&mut dst, &mut src)
                    .map_err(|code| Error::corrupt(STEP, message(code)))?;
                if dst.pos() > 0 {
                    return Err(budget.exceeded());
                }
                self.note(hint, src.pos() > before_in);
                if src.pos() == input.len() || src.pos() == before_in {
                    return Ok(());
                }
                continue;
            }
            let before = out.len();
            let mut window = Window::new(out, room, OUT_CHUNK);
            let offered = window.cap - before;
            let mut dst = OutBuffer::around_pos(&mut window, before);
            let hint = self
                .dctx
                .decompress_stream(&mut dst, &mut src)
                .map_err(|code| Error::corrupt(STEP, message(code)))?;
            let written = dst.pos() - before;
            budget.spend(written)?;
            self.note(hint, written > 0 || src.pos() > before_in);
            let full = written == offered;
            if !full && (src.pos() == input.len() || (src.pos() == before_in && written == 0)) {
                return Ok(());
            }
        }
    }

    /// Ends the message: a frame cut short, or no frame at all, is
    /// truncated input.
    pub(crate) fn finish(&mut self) -> Result<()> {
        if self.in_frame || self.frames == 0 {
            return Err(Error::Truncated { step: STEP });
        }
        Ok(())
    }

    /// A whole message. When the frame declares its size and that fits the
    /// bound, one call decompresses it into exactly that much room;
    /// anything else (no size, several frames, damage) streams.
    pub(crate) fn decode_all(
        &mut self,
        input: &[u8],
        out: &mut Vec<u8>,
        budget: &mut Budget,
    ) -> Result<()> {
        if out.is_empty() {
            if let Ok(Some(size)) = zstd_safe::get_frame_content_size(input) {
                if let Ok(size) = usize::try_from(size) {
                    // A frame header is not trusted with more memory than
                    // its input could plausibly need: past that, streaming
                    // grows the output only as data arrives.
                    let plausible = input.len().saturating_mul(64).max(1 << 20);
                    if size <= budget.room() && size <= plausible {
                        // A little room past the content lets the library
                        // copy the last sequences with its fast wide
                        // copies (its end-of-buffer path costs about 200
                        // instructions a frame); the bound still holds.
                        let room = size.saturating_add(WILDCOPY_SLACK).min(budget.room());
                        let mut window = Window::new(out, room, room);
                        if let Ok(written) = self.dctx.decompress(&mut window, input) {
                            budget.spend(written)?;
                            self.in_frame = false;
                            self.frames = 1;
                            return Ok(());
                        }
                        out.clear();
                    }
                }
            }
        }
        self.begin()?;
        self.update(input, out, budget)?;
        self.finish()
    }
}
