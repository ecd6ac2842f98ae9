//! Small versions of adversarial documents that once made the decoder
//! allocate far beyond what their size justified: a table's rows built
//! before its columns were checked, keys copied into every row, nested
//! counts each reserving for the whole input, duplicate keys resolved by
//! rescanning, stringrefs copied without bound. Each case asserts the typed
//! outcome and that the bytes allocated while decoding stay within a bound
//! proportional to the input or to the output budget asked for.
//!
//! One trial per case; they run under libtest-mimic on the main thread only,
//! so that no other thread allocates while a case is measured (filters and
//! `--list` still work). The counts line follows the harness's summary.

use std::alloc::System;
use std::process::ExitCode;

use boring::{DuplicateKeys, Embedded, Error, ErrorKind, Options, Value};
use boring_schemas::hostile::{head, late_duplicate, nested_counts, one_key_table};
use boring_tests::Count;
use cap::Cap;
use libtest_mimic::{Arguments, Failed, Trial};

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// Allocation allowed beyond a case's own bound: errors, small working
/// stacks.
const SLACK: usize = 16 * 1024;

/// A small output budget, for cases whose input is too small to reach the
/// default one.
const BUDGET: u64 = 1 << 20;

/// Bytes allocated while `f` runs.
fn allocated_by<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATOR.total_allocated();
    let result = f();
    (result, ALLOCATOR.total_allocated() - before)
}

fn text(len: usize) -> Vec<u8> {
    [head(0x60, len as u64), vec![b'k'; len]].concat()
}

/// The outcome of a decode as its error kind and offset.
fn outcome<T>(result: Result<T, Error>) -> Result<T, (ErrorKind, usize)> {
    result.map_err(|e| (e.kind().clone(), e.offset().unwrap_or(usize::MAX)))
}

/// Decodes `doc` into `T` under `opts`, requiring `expected` (`None`: any
/// success) within `limit` bytes allocated.
fn expect<'de, T: boring::Decode<'de>>(
    doc: &'de [u8],
    opts: &Options,
    expected: Option<(ErrorKind, usize)>,
    limit: usize,
) -> Result<(), String> {
    let (decoded, used) = allocated_by(|| outcome(boring::from_slice_with::<T>(doc, opts)));
    let got = decoded.err();
    if got != expected {
        return Err(format!("decoded to {got:?}, expected {expected:?}"));
    }
    if used > limit {
        return Err(format!("allocated {used} bytes (limit {limit})"));
    }
    Ok(())
}

/// A columnar table declaring `rows` rows over sixteen empty columns, padded
/// to `rows` bytes: the rows must not be built before the columns are
/// checked.
fn rows_before_columns() -> Result<(), String> {
    let rows = 100_000u64;
    let mut doc = vec![0xd9, 0x9a, 0xe5, 0x83, 0x90];
    doc.extend(0u8..16);
    doc.extend(head(0x00, rows));
    doc.push(0x90);
    doc.extend([0x80; 16]);
    doc.resize(rows as usize, 0);
    let refused = Some((ErrorKind::BadTagContent { tag: 39653 }, 0));
    let plain = Options::default();
    expect::<Value>(&doc, &plain, refused.clone(), SLACK)?;
    let kept = Options::default().expand_shapes(false);
    expect::<Value>(&doc, &kept, refused, SLACK)
}

/// Expanding a table copies its key into every row: the copies are charged
/// to the output budget before they are made, and to the item budget; kept
/// tagged, the table is checked without being copied.
fn key_copies() -> Result<(), String> {
    // 2000 copies of a 4 KiB key: 8 MB from 6 KB.
    for columns in [true, false] {
        let doc = one_key_table(columns, 4096, 2000);
        let small = Options::default().max_output_bytes(Some(BUDGET));
        let over = Some((ErrorKind::LimitExceeded, 0));
        expect::<Value>(&doc, &small, over.clone(), 64 * doc.len() + SLACK)?;
        let kept = small.clone().expand_shapes(false);
        expect::<Value>(&doc, &kept, None, 64 * doc.len() + SLACK)?;
        // Without the budget the copies are built: the bound is what they
        // take, which proves the counter sees them.
        let (value, used) = allocated_by(|| boring::from_slice::<Value>(&doc));
        if value.is_err() || used < 2000 * 4096 {
            return Err(format!("expanded in {used} bytes: {:?}", value.err()));
        }
        // The items read, and one more per key copy.
        let read = if columns { 2007 } else { 4005 };
        let items = |n| Options::default().max_items(Some(n));
        let (short, _) =
            allocated_by(|| outcome(boring::from_slice_with::<Value>(&doc, &items(read + 1999))));
        let (enough, _) =
            allocated_by(|| outcome(boring::from_slice_with::<Value>(&doc, &items(read + 2000))));
        if short.err() != over || enough.is_err() {
            return Err("the key copies are not charged to the item budget".into());
        }
    }
    Ok(())
}

/// Nested counts each pass the bytes-left check; reserving for every one of
/// them would reserve levels × input slots. Reservations are charged to the
/// output budget and stop when it is spent.
fn nested_reservations() -> Result<(), String> {
    let doc = nested_counts(200, 64 * 1024);
    let broken = Some((ErrorKind::UnexpectedBreak, 1000));
    let small = Options::default().max_output_bytes(Some(BUDGET));
    expect::<Value>(&doc, &small, broken.clone(), BUDGET as usize + SLACK)?;
    // The default budget is 64 MiB for an input this small.
    expect::<Value>(&doc, &Options::default(), broken, (64 << 20) + SLACK)?;
    // Typed, the third level's element is no byte.
    let typed = Some((
        ErrorKind::UnexpectedType {
            expected: "integer",
            found: "array",
        },
        15,
    ));
    expect::<Vec<Vec<Vec<u8>>>>(&doc, &small, typed, BUDGET as usize + SLACK)
}

/// One duplicate among many keys, last one wins: resolved by one sort, with
/// no allocation per comparison (once, every kept entry was rescanned for
/// every entry, allocating each time).
fn duplicate_keys_last_wins() -> Result<(), String> {
    let doc = late_duplicate(2000);
    let opts = Options::default().duplicate_keys(DuplicateKeys::LastWins);
    expect::<Value>(&doc, &opts, None, 64 * doc.len() + SLACK)?;
    let value: Value = boring::from_slice_with(&doc, &opts).map_err(|e| e.to_string())?;
    let entries = value.as_map().unwrap_or_default();
    // The kept entries stay in the order of their last occurrence.
    let last = entries.last().map(|(k, v)| (k.as_i128(), v.as_i128()));
    if entries.len() != 2000 || last != Some((Some(0), Some(1))) {
        return Err(format!("{} entries, last {last:?}", entries.len()));
    }
    Ok(())
}

/// One 4 KiB literal, then `refs` stringrefs to it.
fn stringref_fanout(refs: u64) -> (Vec<u8>, usize) {
    let mut doc = vec![0xd9, 0x01, 0x00];
    doc.extend(head(0x80, refs + 1));
    doc.extend(text(4096));
    let first = doc.len();
    for _ in 0..refs {
        doc.extend([0xd8, 0x19, 0x00]);
    }
    (doc, first)
}

/// Every copy out of the string table is charged, into `Value` and into
/// `String`; borrowing is free.
fn stringref_copies() -> Result<(), String> {
    let (doc, first) = stringref_fanout(1000);
    let small = Options::default().max_output_bytes(Some(BUDGET));
    let limit = BUDGET as usize + SLACK;
    let at_a_reference = |decoded: Result<(), (ErrorKind, usize)>| match decoded {
        Err((ErrorKind::LimitExceeded, at)) if at > first && (at - first) % 3 == 0 => Ok(()),
        other => Err(format!(
            "decoded to {other:?}, expected LimitExceeded at a reference"
        )),
    };
    let (value, used) =
        allocated_by(|| outcome(boring::from_slice_with::<Value>(&doc, &small)).map(drop));
    at_a_reference(value)?;
    if used > limit {
        return Err(format!("Value: allocated {used} bytes (limit {limit})"));
    }
    let (strings, used) =
        allocated_by(|| outcome(boring::from_slice_with::<Vec<String>>(&doc, &small)).map(drop));
    at_a_reference(strings)?;
    if used > limit {
        return Err(format!(
            "Vec<String>: allocated {used} bytes (limit {limit})"
        ));
    }
    // Borrowed: the 1001 slices and the string table, nothing copied.
    expect::<Vec<&str>>(&doc, &small, None, 64 * doc.len() + SLACK)?;
    // 4 MB out of 7 KB is within the default budget's 64 MiB.
    expect::<Value>(&doc, &Options::default(), None, 8 << 20)
}

/// A typed array's elements widen as they are read: 64 Ki one-byte
/// elements are 1 MiB as `u128`, charged before the vector is built.
fn typed_array_widening() -> Result<(), String> {
    let mut doc = vec![0xd8, 0x40];
    doc.extend(head(0x40, 65_536));
    doc.resize(doc.len() + 65_536, 7);
    let half = Options::default().max_output_bytes(Some(BUDGET / 2));
    let over = Some((ErrorKind::LimitExceeded, 0));
    expect::<Vec<u128>>(&doc, &half, over, SLACK)?;
    expect::<Vec<u8>>(&doc, &half, None, 65_536 + SLACK)
}

/// A named check: `Err` says what went wrong.
type Case = (&'static str, fn() -> Result<(), String>);

/// Documents embedded in byte strings spend their container's budgets: ten
/// stringref documents of 4 KB, each expanding to 400 KB, under a 1 MiB
/// budget.
fn embedded_documents() -> Result<(), String> {
    let (inner, _) = stringref_fanout(100);
    let mut doc = head(0x80, 10);
    for _ in 0..10 {
        doc.extend(head(0x40, inner.len() as u64));
        doc.extend(&inner);
    }
    let small = Options::default().max_output_bytes(Some(BUDGET));
    let (decoded, used) = allocated_by(|| {
        outcome(boring::from_slice_with::<Vec<Embedded<Value>>>(
            &doc, &small,
        ))
        .map(drop)
    });
    if !matches!(decoded, Err((ErrorKind::LimitExceeded, _))) {
        return Err(format!("decoded to {decoded:?}, expected LimitExceeded"));
    }
    let limit = BUDGET as usize + SLACK;
    if used > limit {
        return Err(format!("allocated {used} bytes (limit {limit})"));
    }
    // About 103 items a document: ten need more than 1000.
    let items = Options::default().max_items(Some(1000));
    let decoded = outcome(boring::from_slice_with::<Vec<Embedded<Value>>>(
        &doc, &items,
    ));
    if !matches!(decoded, Err((ErrorKind::LimitExceeded, _))) {
        return Err("embedded documents restart the item budget".into());
    }
    expect::<Vec<Embedded<Value>>>(&doc, &Options::default(), None, 8 << 20)
}

/// A record type for tables whose headers name keys it does not know.
#[derive(boring::Boring, Debug, PartialEq)]
struct Point {
    x: i64,
    y: i64,
}

/// A shaped table of one `Point` whose header also names `unknown`
/// distinct integer keys (their cells `null`), then the key `last`.
fn wide_header(unknown: u64, last: u64) -> Vec<u8> {
    let mut doc = vec![0xd9, 0x9a, 0xe1, 0x82];
    doc.extend(head(0x80, unknown + 3));
    doc.extend([0x61, b'x', 0x61, b'y']);
    for k in 0..unknown {
        doc.extend(head(0x00, 1000 + k));
    }
    doc.extend(head(0x00, last));
    doc.extend([0x81]);
    doc.extend(head(0x80, unknown + 3));
    doc.extend([0x01, 0x02]);
    doc.extend(std::iter::repeat_n(0xf6, unknown as usize + 1));
    doc
}

/// A table header of many keys the type does not know: they are skipped
/// and a repeated one is refused, within an allocation bound proportional
/// to the input. (The repeats are found with a set: compared with every
/// key before, these 20 000 keys took seconds.)
fn unknown_header_keys() -> Result<(), String> {
    let n = 20_000;
    let fresh = wide_header(n, 1000 + n);
    let bound = 64 * fresh.len() + SLACK;
    expect::<Vec<Point>>(&fresh, &Options::default(), None, bound)?;
    let points: Vec<Point> = boring::from_slice(&fresh).map_err(|e| e.to_string())?;
    if points != [Point { x: 1, y: 2 }] {
        return Err(format!("decoded {points:?}"));
    }
    // The repeat comes last: every key before it is checked first.
    let repeated = wide_header(n, 1000 + n / 2);
    let refused = Some((ErrorKind::BadTagContent { tag: 39649 }, 0));
    expect::<Vec<Point>>(&repeated, &Options::default(), refused, bound)
}

fn main() -> ExitCode {
    let cases: [Case; 8] = [
        ("table_rows_before_columns", rows_before_columns),
        ("key_copies_in_table_rows", key_copies),
        ("nested_count_reservations", nested_reservations),
        ("duplicate_keys_last_wins", duplicate_keys_last_wins),
        ("stringref_copies", stringref_copies),
        ("embedded_documents", embedded_documents),
        ("typed_array_widening", typed_array_widening),
        ("unknown_header_keys", unknown_header_keys),
    ];
    let mut args = Arguments::from_args();
    // Harness threads would allocate while a case is measured.
    args.test_threads = Some(1);
    let within = Count::default();
    let trials = cases
        .into_iter()
        .map(|(name, case)| {
            let within = within.clone();
            Trial::test(name, move || within.check(case).map_err(Failed::from))
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    if !args.list {
        println!("hostile inputs within their bounds: {within}");
    }
    conclusion.exit_code()
}
