//! The trials of the conformance suites that bring their own harness: one
//! counted trial per vector, and plain checks beside them.

use std::fmt::Display;

use libtest_mimic::{Failed, Trial};

use crate::Count;

/// One trial per item, named by `name`, each running `check` and counted
/// in `count` (so the suite can print how many ran and passed).
pub fn counted<T, E>(
    items: Vec<T>,
    count: &Count,
    name: impl Fn(&T) -> String,
    check: fn(&T) -> Result<(), E>,
) -> Vec<Trial>
where
    T: Send + 'static,
    E: Display + 'static,
{
    items
        .into_iter()
        .map(|item| {
            let count = count.clone();
            Trial::test(name(&item), move || {
                count.check(|| check(&item)).map_err(Failed::from)
            })
        })
        .collect()
}

/// A trial per named check that asserts by panicking.
pub fn plain<'a>(checks: &'a [(&'static str, fn())]) -> impl Iterator<Item = Trial> + 'a {
    checks.iter().map(|&(name, check)| {
        Trial::test(name, move || {
            check();
            Ok(())
        })
    })
}
