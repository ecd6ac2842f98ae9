//! Declared lengths far beyond the input are refused with `BadCount` before
//! anything of that size is allocated: every allocation of this binary is
//! counted, and a refused decode may allocate only a little more than the
//! input's own size.
//!
//! A plain binary (no test harness), so that no other thread allocates while
//! a case is measured.

use std::alloc::System;
use std::process::ExitCode;

use boring::{ErrorKind, Reader, Value};
use boring_tests::hex;
use cap::Cap;

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// Allocation allowed beyond the input's size: the error and the decoder's
/// small working stack.
const SLACK: usize = 4096;

/// Bytes allocated while `f` runs.
fn allocated_by<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATOR.total_allocated();
    let result = f();
    (result, ALLOCATOR.total_allocated() - before)
}

fn check(case: &str) -> Result<(), String> {
    let bytes = hex(case);
    let limit = SLACK + bytes.len();
    let (decoded, used) =
        allocated_by(|| boring::from_slice::<Value>(&bytes).map_err(|e| e.kind().clone()));
    if decoded != Err(ErrorKind::BadCount) {
        return Err(format!("decoded as {decoded:?}, expected BadCount"));
    }
    if used > limit {
        return Err(format!("decode allocated {used} bytes (limit {limit})"));
    }
    let (typed, used) =
        allocated_by(|| boring::from_slice::<Vec<Vec<u8>>>(&bytes).map_err(|e| e.kind().clone()));
    if typed.is_ok() {
        return Err("typed decode accepted it".into());
    }
    if used > limit {
        return Err(format!(
            "typed decode allocated {used} bytes (limit {limit})"
        ));
    }
    let (skipped, used) = allocated_by(|| Reader::new(&bytes).skip().map_err(|e| e.kind().clone()));
    if skipped != Err(ErrorKind::BadCount) {
        return Err(format!("skip gave {skipped:?}, expected BadCount"));
    }
    if used > limit {
        return Err(format!("skip allocated {used} bytes (limit {limit})"));
    }
    Ok(())
}

fn main() -> ExitCode {
    let cases = [
        // Arrays of 2^46 and 2^32 elements.
        "9b000042fa42fa42fa42",
        "9b0000000100000000010203",
        // Byte and text strings of 2^63 bytes.
        "5b8000000000000000010203",
        "7b8000000000000000010203",
        // A map of 2^31 entries, and one of 2^31 − 1 with too few bytes.
        "ba80000000000102",
        "ba7fffffff000102",
        // Each level of a nested document declaring more than is left.
        "819a7fffffff",
        "82019b00000000ffffffff00",
        "d90100825a7fffffff00",
        // Counts that pass the 2^31 − 1 bound but not the bytes left.
        "9a01000000000000",
        "5a00100000616263",
        "ba00100000000000",
    ];
    // The counter must see a large allocation, or the checks prove nothing.
    let (buffer, used) = allocated_by(|| Vec::<u8>::with_capacity(1 << 20));
    drop(buffer);
    if used < 1 << 20 {
        println!("FAIL: the allocation counter saw {used} bytes for a 1 MiB buffer");
        println!("0 passed, 1 failed");
        return ExitCode::FAILURE;
    }
    let named = cases.map(|case| (case, case));
    boring_tests::run_cases(
        "huge declared lengths refused without allocating",
        &named,
        |case| check(case),
    )
}
