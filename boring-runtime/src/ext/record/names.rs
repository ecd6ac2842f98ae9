//! Names read from the input compared with names known at compile time.

/// `a == b` for names of fields and variants. A slice comparison of a
/// length unknown at compile time calls `memcmp`, which was most of the
/// cost of matching a key; names up to 16 bytes are compared here with two
/// overlapping loads of each instead.
#[doc(hidden)]
#[inline(always)]
pub fn same_name(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    match n {
        0 => true,
        // The first, middle and last bytes are all the bytes.
        1..=3 => a.first() == b.first() && a.get(n / 2) == b.get(n / 2) && a.last() == b.last(),
        4..=8 => word::<4>(a, 0) == word::<4>(b, 0) && word::<4>(a, n - 4) == word::<4>(b, n - 4),
        9..=16 => word::<8>(a, 0) == word::<8>(b, 0) && word::<8>(a, n - 8) == word::<8>(b, n - 8),
        _ => a == b,
    }
}

/// The `N` bytes of `s` from `at` (zeros past its end, which the callers'
/// lengths rule out).
#[inline(always)]
fn word<const N: usize>(s: &[u8], at: usize) -> [u8; N] {
    s.get(at..at + N)
        .and_then(|w| w.try_into().ok())
        .unwrap_or([0; N])
}

#[cfg(test)]
mod tests {
    use super::same_name;

    #[test]
    fn names_differing_in_any_byte_or_length_differ() {
        let text: alloc::vec::Vec<u8> = (b'a'..=b'z').cycle().take(40).collect();
        for n in 0..=text.len() {
            let name = &text[..n];
            assert!(same_name(name, name));
            if n > 0 {
                assert!(!same_name(name, &text[..n - 1]));
            }
            for i in 0..n {
                let mut other = name.to_vec();
                other[i] ^= 0x20;
                assert!(!same_name(name, &other), "length {n}, byte {i}");
            }
        }
    }
}
