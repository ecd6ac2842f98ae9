//! Derive an encoder and decoder for a record type, then write a vector of
//! records plainly (an array of maps) and shaped (tag 39649: the keys once,
//! then one positional row per record).
//!
//! Run with `cargo run -p boring-examples --example records`.

use boring::{Boring, Options};

/// One fact of a Datomic-style log: entity, attribute, value, transaction,
/// and whether the fact was added or retracted.
#[derive(Boring, Debug, Clone, PartialEq)]
struct Datom {
    e: i64,
    a: String,
    v: String,
    tx: i64,
    added: bool,
}

fn datoms(n: usize) -> Vec<Datom> {
    const ATTRIBUTES: [&str; 4] = [":user/name", ":user/email", ":order/total", ":order/status"];
    (0..n)
        .map(|i| Datom {
            e: 10_000 + (i / 4) as i64,
            a: ATTRIBUTES[i % ATTRIBUTES.len()].to_owned(),
            v: format!("value-{i}"),
            tx: 1_000 + (i / 50) as i64,
            added: i % 7 != 0,
        })
        .collect()
}

fn main() -> Result<(), boring::Error> {
    let log = datoms(200);

    let plain = boring::to_vec(&log)?;
    let shaped = boring::to_vec_with(&log, &Options::default().shapes(true))?;
    println!("200 datoms, default profile:");
    println!("  plain (array of maps):   {:>6} bytes", plain.len());
    println!("  shaped (tag 39649):      {:>6} bytes", shaped.len());
    assert!(shaped.len() < plain.len());

    // Both forms decode into the same vector.
    assert_eq!(boring::from_slice::<Vec<Datom>>(&plain)?, log);
    assert_eq!(boring::from_slice::<Vec<Datom>>(&shaped)?, log);

    // The first rows of the shaped form: the header, then positional rows.
    let first = boring::to_vec_with(&log[..3].to_vec(), &Options::default().shapes(true))?;
    println!("\nthe same layout for the first three datoms:");
    println!("{}", boring::diag::dump(&first)?);
    Ok(())
}
