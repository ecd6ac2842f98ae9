//! "Did you mean" for misspelt names: the closest known name within a
//! small edit distance.

/// The most edits a misspelling may be from the name it suggests.
const MAX_DISTANCE: usize = 2;

/// The candidate closest to `name` (ignoring ASCII case), if one is at most
/// two edits away and the edits do not rewrite most of `name`. Ties go to
/// the earlier candidate.
pub fn closest<'a>(name: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let name = name.to_ascii_lowercase();
    let len = name.chars().count();
    candidates
        .iter()
        .map(|c| (distance(&name, &c.to_ascii_lowercase()), *c))
        .filter(|(d, _)| *d <= MAX_DISTANCE && *d < len)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// The Levenshtein distance: the fewest insertions, deletions and
/// substitutions of characters that turn `a` into `b`.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    // One row of the edit table: row[j] is the distance from the prefix
    // of `a` read so far to the first `j` characters of `b`.
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != *cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::{closest, distance};

    #[test]
    fn distances() {
        assert_eq!(distance("", ""), 0);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("abc", ""), 3);
        assert_eq!(distance("rename", "rename"), 0);
        assert_eq!(distance("renam", "rename"), 1);
        assert_eq!(distance("renmae", "rename"), 2);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("skip_if_nne", "skip_if_none"), 1);
    }

    #[test]
    fn suggestions() {
        let names = ["rename", "skip", "skip_if_none", "key", "cbor_tag"];
        assert_eq!(closest("renam", &names), Some("rename"));
        assert_eq!(closest("Rename", &names), Some("rename"));
        assert_eq!(closest("skip_if_non", &names), Some("skip_if_none"));
        assert_eq!(closest("skp", &names), Some("skip"));
        assert_eq!(closest("cbortag", &names), Some("cbor_tag"));
        // Too far from everything.
        assert_eq!(closest("flatten", &names), None);
        // A short name is not rewritten into another short name.
        assert_eq!(closest("ke", &names), Some("key"));
        assert_eq!(closest("x", &names), None);
        assert_eq!(closest("ab", &names), None);
    }
}
