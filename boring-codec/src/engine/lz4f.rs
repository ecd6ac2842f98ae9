//! LZ4 frames through liblz4's frame API, as `lz4-sys` binds it.
//!
//! The `lz4` crate's `Encoder` and `Decoder` create a context and buffers
//! per frame; a warm pipeline must not, so this module keeps one context of
//! each kind and drives it directly. It is the only FFI of the crate: each
//! call writes into the spare capacity of a `Vec`, never more than the
//! capacity it is told, and the length is set to what the library reports
//! it wrote.
#![allow(unsafe_code)]

use std::ffi::CStr;
use std::ptr;

use lz4_sys::{
    BlockChecksum, BlockMode, BlockSize, ContentChecksum, FrameType, LZ4FCompressionContext,
    LZ4FDecompressionContext, LZ4FFrameInfo, LZ4FPreferences, LZ4F_VERSION,
};

use super::{Budget, OUT_CHUNK};
use crate::error::{Error, Result};

const STEP: &str = "lz4";

/// The largest frame header liblz4 writes (`LZ4F_HEADER_SIZE_MAX`).
const HEADER_MAX: usize = 19;

/// A size result of liblz4, or its error message.
fn check(code: usize) -> std::result::Result<usize, String> {
    // SAFETY: both functions take any value; the name is a static string.
    unsafe {
        if lz4_sys::LZ4F_isError(code) != 0 {
            let name = CStr::from_ptr(lz4_sys::LZ4F_getErrorName(code));
            return Err(name.to_string_lossy().into_owned());
        }
    }
    Ok(code)
}

/// A library failure while compressing.
fn library(detail: String) -> Error {
    Error::Library { step: STEP, detail }
}

/// Runs `f` on the spare capacity of `out` (pointer, length) and extends
/// `out` by the count `f` returns, which liblz4 guarantees is at most the
/// length it was given (checked again here).
fn fill(
    out: &mut Vec<u8>,
    f: impl FnOnce(*mut u8, usize) -> usize,
) -> std::result::Result<usize, String> {
    let len = out.len();
    let spare = out.capacity() - len;
    // SAFETY: `len <= capacity`, so the pointer stays inside (or one past)
    // the allocation.
    let dst = unsafe { out.as_mut_ptr().add(len) };
    let n = check(f(dst, spare))?;
    if n > spare {
        return Err("liblz4 reported writing past its buffer".into());
    }
    // SAFETY: liblz4 initialized the `n <= spare` bytes after `len`.
    unsafe { out.set_len(len + n) };
    Ok(n)
}

/// An LZ4 frame compressor.
pub(crate) struct Encoder {
    ctx: LZ4FCompressionContext,
    prefs: LZ4FPreferences,
}

impl std::fmt::Debug for Encoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("lz4::Encoder")
            .field("level", &self.prefs.compression_level)
            .finish()
    }
}

impl Encoder {
    /// A compressor at `level`: 0 is the fast compressor, 2 and up the
    /// high-compression family (liblz4 1.10 runs the fast one at level 1).
    /// Frames carry a content checksum, as the `lz4` tool writes them.
    pub(crate) fn new(level: u8) -> Result<Encoder> {
        let mut ctx = LZ4FCompressionContext(ptr::null_mut());
        // SAFETY: `ctx` is a valid out-pointer for the new context.
        check(unsafe { lz4_sys::LZ4F_createCompressionContext(&mut ctx, LZ4F_VERSION) })
            .map_err(library)?;
        let prefs = LZ4FPreferences {
            frame_info: LZ4FFrameInfo {
                block_size_id: BlockSize::Max64KB,
                block_mode: BlockMode::Linked,
                content_checksum_flag: ContentChecksum::ChecksumEnabled,
                frame_type: FrameType::Frame,
                content_size: 0,
                dict_id: 0,
                block_checksum_flag: BlockChecksum::NoBlockChecksum,
            },
            compression_level: u32::from(level),
            auto_flush: 0,
            favor_dec_speed: 0,
            reserved: [0; 3],
        };
        Ok(Encoder { ctx, prefs })
    }

    /// The most a call with `n` bytes of input may write.
    fn bound(&self, n: usize) -> Result<usize> {
        // SAFETY: `prefs` is a valid preferences struct.
        check(unsafe { lz4_sys::LZ4F_compressBound(n, &self.prefs) }).map_err(library)
    }

    /// Starts a frame: its header goes to `out`.
    pub(crate) fn begin(&mut self, out: &mut Vec<u8>) -> Result<()> {
        out.reserve(HEADER_MAX);
        let (ctx, prefs) = (self.ctx, &self.prefs);
        // SAFETY: the context is live; `dst` has `cap` writable bytes.
        fill(out, |dst, cap| unsafe {
            lz4_sys::LZ4F_compressBegin(ctx, dst, cap, prefs)
        })
        .map(drop)
        .map_err(library)
    }

    /// Compresses more of the frame, in blocks of input whose worst case
    /// is reserved first (the library refuses a smaller buffer).
    pub(crate) fn update(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<()> {
        for piece in input.chunks(OUT_CHUNK) {
            out.reserve(self.bound(piece.len())?);
            let ctx = self.ctx;
            // SAFETY: the context is live; `dst` has `cap` writable bytes;
            // `piece` is a valid slice; null options are allowed.
            fill(out, |dst, cap| unsafe {
                lz4_sys::LZ4F_compressUpdate(
                    ctx,
                    dst,
                    cap,
                    piece.as_ptr(),
                    piece.len(),
                    ptr::null(),
                )
            })
            .map_err(library)?;
        }
        Ok(())
    }

    /// Ends the frame: the last block and the checksum.
    pub(crate) fn finish(&mut self, out: &mut Vec<u8>) -> Result<()> {
        out.reserve(self.bound(0)?);
        let ctx = self.ctx;
        // SAFETY: as in `update`.
        fill(out, |dst, cap| unsafe {
            lz4_sys::LZ4F_compressEnd(ctx, dst, cap, ptr::null())
        })
        .map(drop)
        .map_err(library)
    }
}

impl Drop for Encoder {
    fn drop(&mut self) {
        // SAFETY: the context was created in `new` and is freed once.
        unsafe { lz4_sys::LZ4F_freeCompressionContext(self.ctx) };
    }
}

/// An LZ4 frame decompressor.
pub(crate) struct Decoder {
    ctx: LZ4FDecompressionContext,
    /// Inside a frame: its end has not been seen.
    in_frame: bool,
    /// Frames decoded to their end.
    frames: u64,
}

impl std::fmt::Debug for Decoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("lz4::Decoder")
            .field("in_frame", &self.in_frame)
            .field("frames", &self.frames)
            .finish()
    }
}

impl Decoder {
    /// A decompressor.
    pub(crate) fn new() -> Result<Decoder> {
        let mut ctx = LZ4FDecompressionContext(ptr::null_mut());
        // SAFETY: `ctx` is a valid out-pointer for the new context.
        check(unsafe { lz4_sys::LZ4F_createDecompressionContext(&mut ctx, LZ4F_VERSION) })
            .map_err(library)?;
        Ok(Decoder {
            ctx,
            in_frame: false,
            frames: 0,
        })
    }

    /// Forgets any frame in progress.
    pub(crate) fn begin(&mut self) {
        // SAFETY: the context is live.
        unsafe { lz4_sys::LZ4F_resetDecompressionContext(self.ctx) };
        self.in_frame = false;
        self.frames = 0;
    }

    /// One library call: `(hint, input taken, bytes written)`. On error the
    /// context is reset, as the library requires before its next use.
    fn call(&mut self, input: &[u8], dst: *mut u8, cap: usize) -> Result<(usize, usize, usize)> {
        let mut src_size = input.len();
        let mut dst_size = cap;
        // SAFETY: the context is live; `dst` has `cap` writable bytes and
        // `input` is a valid slice; the sizes are in-out parameters.
        let code = unsafe {
            lz4_sys::LZ4F_decompress(
                self.ctx,
                dst,
                &mut dst_size,
                input.as_ptr(),
                &mut src_size,
                ptr::null(),
            )
        };
        match check(code) {
            Ok(hint) if dst_size <= cap && src_size <= input.len() => {
                Ok((hint, src_size, dst_size))
            }
            Ok(_) => Err(library("liblz4 reported sizes past its buffers".into())),
            Err(detail) => {
                self.begin();
                Err(Error::corrupt(STEP, detail))
            }
        }
    }

    /// Decompresses more input, never writing past `budget`; frames may
    /// follow each other, as the `lz4` tool allows.
    pub(crate) fn update(
        &mut self,
        input: &[u8],
        out: &mut Vec<u8>,
        budget: &mut Budget,
    ) -> Result<()> {
        let mut taken = 0;
        loop {
            let room = budget.room();
            let (hint, took, wrote, offered) = if room == 0 {
                // The bound is reached: one more byte is past it.
                let mut probe = [0u8; 1];
                let (hint, took, wrote) = self.call(&input[taken..], probe.as_mut_ptr(), 1)?;
                if wrote > 0 {
                    return Err(budget.exceeded());
                }
                (hint, took, wrote, 1)
            } else {
                let want = ((input.len() - taken).saturating_mul(4)).clamp(4096, OUT_CHUNK);
                out.reserve(want.min(room));
                let len = out.len();
                let cap = (out.capacity() - len).min(room);
                // SAFETY: `len <= capacity`; the window is `cap` bytes of
                // spare capacity.
                let dst = unsafe { out.as_mut_ptr().add(len) };
                let (hint, took, wrote) = self.call(&input[taken..], dst, cap)?;
                // SAFETY: liblz4 initialized the `wrote <= cap` bytes.
                unsafe { out.set_len(len + wrote) };
                budget.spend(wrote)?;
                (hint, took, wrote, cap)
            };
            taken += took;
            if hint == 0 {
                if self.in_frame || took > 0 {
                    self.frames += 1;
                }
                self.in_frame = false;
            } else if took > 0 || wrote > 0 {
                self.in_frame = true;
            }
            let stuck = took == 0 && wrote < offered;
            if stuck || (taken == input.len() && wrote < offered) {
                return Ok(());
            }
        }
    }

    /// Ends the message: a frame cut short, or none at all, is truncated.
    pub(crate) fn finish(&mut self) -> Result<()> {
        if self.in_frame || self.frames == 0 {
            return Err(Error::Truncated { step: STEP });
        }
        Ok(())
    }
}

impl Drop for Decoder {
    fn drop(&mut self) {
        // SAFETY: the context was created in `new` and is freed once.
        unsafe { lz4_sys::LZ4F_freeDecompressionContext(self.ctx) };
    }
}
