//! Encode a value, decode it back, and look at the bytes.
//!
//! Run with `cargo run -p boring-examples --example quickstart`.

use std::collections::BTreeMap;

use boring::{Options, Profile, Value};

fn main() -> Result<(), boring::Error> {
    // Standard types encode directly.
    let mut scores = BTreeMap::new();
    scores.insert("ada".to_string(), vec![99u32, 100]);
    scores.insert("grace".to_string(), vec![87, 93]);

    // The default profile writes what the Clojure reference writes: a
    // stringref namespace around the item, floats at their width.
    let bytes = boring::to_vec(&scores)?;
    println!("default profile, {} bytes:", bytes.len());
    println!("  {}", boring::diag::diag(&bytes)?);

    let back: BTreeMap<String, Vec<u32>> = boring::from_slice(&bytes)?;
    assert_eq!(back, scores);

    // Interop writes plain CBOR for any reader; canonical sorts and narrows.
    for profile in [Profile::Interop, Profile::Canonical] {
        let bytes = boring::to_vec_with(&scores, &Options::from(profile))?;
        println!(
            "{}, {} bytes: {}",
            profile.name(),
            bytes.len(),
            boring::diag::diag(&bytes)?
        );
    }

    // Any CBOR decodes into a generic Value.
    let value: Value = boring::from_slice(&bytes)?;
    let ada = value
        .get("ada")
        .and_then(Value::as_array)
        .map(<[Value]>::len);
    println!("ada has {} scores", ada.unwrap_or(0));

    // Bad input is a typed error with its byte offset, never a panic.
    let err = boring::from_slice::<Value>(&[0x83, 0x01, 0x02, 0x18]).unwrap_err();
    println!("truncated input: {err}");

    println!("\nannotated dump of the interop bytes:");
    let interop = boring::to_vec_with(&scores, &Options::from(Profile::Interop))?;
    print!("{}", boring::diag::dump(&interop)?);
    Ok(())
}
