//! Declared lengths far beyond the input are refused with `BadCount` before
//! anything of that size is allocated: every allocation of this binary is
//! counted, and a refused decode may allocate only a little more than the
//! input's own size.
//!
//! One trial per document, named by what it declares and its hex; they run
//! under libtest-mimic on the main thread only, so that no other thread
//! allocates while a case is measured (filters and `--list` still work). The
//! counts line follows the harness's summary.

use std::alloc::System;
use std::process::ExitCode;

use boring::{ErrorKind, Reader, Value};
use boring_tests::{hex, Count};
use cap::Cap;
use libtest_mimic::{Arguments, Failed, Trial};

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

/// The counter must see a large allocation, or the checks prove nothing;
/// each case asks, so that a filtered run is guarded too.
fn counter_works() -> Result<(), String> {
    let (buffer, used) = allocated_by(|| Vec::<u8>::with_capacity(1 << 20));
    drop(buffer);
    if used < 1 << 20 {
        return Err(format!(
            "the allocation counter saw {used} bytes for a 1 MiB buffer"
        ));
    }
    Ok(())
}

fn check(case: &str) -> Result<(), String> {
    counter_works()?;
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
        ("array_of_2e46", "9b000042fa42fa42fa42"),
        ("array_of_2e32", "9b0000000100000000010203"),
        // Byte and text strings of 2^63 bytes.
        ("bytes_of_2e63", "5b8000000000000000010203"),
        ("text_of_2e63", "7b8000000000000000010203"),
        // A map of 2^31 entries, and one of 2^31 − 1 with too few bytes.
        ("map_of_2e31", "ba80000000000102"),
        ("map_of_2e31_minus_1", "ba7fffffff000102"),
        // Each level of a nested document declaring more than is left.
        ("nested_array", "819a7fffffff"),
        ("nested_second_item", "82019b00000000ffffffff00"),
        ("nested_in_tag", "d90100825a7fffffff00"),
        // Counts that pass the 2^31 − 1 bound but not the bytes left.
        ("array_beyond_input", "9a01000000000000"),
        ("bytes_beyond_input", "5a00100000616263"),
        ("map_beyond_input", "ba00100000000000"),
    ];
    let mut args = Arguments::from_args();
    // Harness threads would allocate while a case is measured.
    args.test_threads = Some(1);
    let refused = Count::default();
    let trials = cases
        .into_iter()
        .map(|(what, case)| {
            let refused = refused.clone();
            Trial::test(format!("{what}_{case}"), move || {
                refused.check(|| check(case)).map_err(Failed::from)
            })
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    if !args.list {
        println!("huge declared lengths refused without allocating: {refused}");
    }
    conclusion.exit_code()
}
