//! Derive an encoder and decoder for a record type, then write a vector of
//! records plainly (an array of maps) and shaped (tag 39649: the keys once,
//! then one positional row per record).
//!
//! Run with `cargo run -p boring-examples --example records`.

use boring::Options;
// The payload type and its generator are defined once, in the schemas
// crate: `Datom` derives `Boring` there.
use boring_schemas::records::{Datom, datoms};

fn main() -> Result<(), boring::Error> {
    let log: Vec<Datom> = datoms(200);

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
