//! Annotated dumps of one 5-row, 4-column table in each layout: plain,
//! shaped and columnar. Reviewed and committed; any byte change shows up as
//! a readable diff.

use boring::{Boring, Options};

#[derive(Boring)]
struct Sample {
    id: u32,
    ts: i64,
    level: u8,
    delta: i16,
}

fn table() -> Vec<Sample> {
    (0..5)
        .map(|i| Sample {
            id: i,
            ts: 1_700_000_000 + 37 * i64::from(i),
            level: (i % 5) as u8,
            delta: (7919 * i as i16 % 2001) - 1000,
        })
        .collect()
}

fn dump(options: Options) -> String {
    let bytes = boring::to_vec_with(&table(), &options.stringref(false)).expect("encodes");
    format!(
        "{} bytes\n{}",
        bytes.len(),
        boring::diag::dump(&bytes).expect("dumps")
    )
}

#[test]
fn plain() {
    insta::assert_snapshot!(dump(Options::default()));
}

#[test]
fn shaped() {
    insta::assert_snapshot!(dump(Options::default().shapes(true)));
}

#[test]
fn columnar() {
    insta::assert_snapshot!(dump(Options::default().columns(true)));
}
