//! The IVs of one content key, built so that none repeats under that key.
//!
//! A sequence draws a random 96-bit base once, when the key is set up, and
//! gives message `i` the IV `base XOR (0^64 ‖ i)` with `i` a 32-bit counter.
//! This is the deterministic construction of NIST SP 800-38D §8.2.1: a
//! 64-bit fixed field (random) and a 32-bit invocation field (the counter
//! mixed into random bits, which keeps it a bijection). Within one sequence
//! IVs are distinct by construction; the counter gives out after 2^32
//! messages and the sequence then refuses ([`CoseError::NonceExhausted`])
//! rather than wrap.
//!
//! Across sequences under the same key (a long-lived key used by several
//! processes) the bases are random, and SP 800-38D §8.3 caps a key's total
//! use with random IVs at 2^32 messages; [`MAX_MESSAGES_PER_KEY`] is that
//! figure. Content keys drawn per message or per bounded batch live in one
//! sequence only, so for them the guarantee is absolute.

use super::alg::IV_LEN;
use super::random::RandomSource;
use super::CoseError;

/// The most messages one key may encrypt: the 32-bit invocation counter,
/// and the SP 800-38D §8.3 limit for random IVs.
pub const MAX_MESSAGES_PER_KEY: u64 = 1 << 32;

/// The IVs of one key: a random base and a message counter.
#[derive(Debug, Clone)]
pub struct NonceSequence {
    base: [u8; IV_LEN],
    next: u64,
    limit: u64,
}

impl NonceSequence {
    /// A sequence with a fresh base from `rng`, giving at most `limit` IVs
    /// (capped at [`MAX_MESSAGES_PER_KEY`]). The first IV is the base
    /// itself, so a vector's 12 random bytes are its IV.
    pub fn new<R: RandomSource + ?Sized>(rng: &mut R, limit: u64) -> Result<Self, CoseError> {
        let mut base = [0; IV_LEN];
        rng.fill(&mut base)?;
        Ok(NonceSequence {
            base,
            next: 0,
            limit: limit.min(MAX_MESSAGES_PER_KEY),
        })
    }

    /// The next IV, or [`CoseError::NonceExhausted`] once `limit` IVs have
    /// been given.
    pub fn next_iv(&mut self) -> Result<[u8; IV_LEN], CoseError> {
        if self.next >= self.limit {
            return Err(CoseError::NonceExhausted { limit: self.limit });
        }
        let counter = u32::try_from(self.next).expect("limit is at most 2^32");
        let mut iv = self.base;
        for (b, c) in iv[IV_LEN - 4..].iter_mut().zip(counter.to_be_bytes()) {
            *b ^= c;
        }
        self.next += 1;
        Ok(iv)
    }

    /// Lowers the limit to `limit` (never raises it).
    pub fn cap(&mut self, limit: u64) {
        self.limit = self.limit.min(limit);
    }

    /// How many IVs have been given.
    pub fn used(&self) -> u64 {
        self.next
    }

    /// The most IVs this sequence gives.
    pub fn limit(&self) -> u64 {
        self.limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cose::ReplayRandom;
    use std::collections::HashSet;

    fn sequence(base: [u8; 12], limit: u64) -> NonceSequence {
        NonceSequence::new(&mut ReplayRandom::new([base]), limit).unwrap()
    }

    #[test]
    fn the_first_iv_is_the_base_and_the_rest_differ() {
        let base = [0xA5; 12];
        let mut s = sequence(base, 1000);
        assert_eq!(s.next_iv().unwrap(), base);
        let mut seen = HashSet::from([base]);
        for _ in 1..1000 {
            let iv = s.next_iv().unwrap();
            assert_eq!(iv[..8], base[..8], "the fixed field never changes");
            assert!(seen.insert(iv), "repeated IV");
        }
        assert_eq!(s.used(), 1000);
        assert!(matches!(
            s.next_iv(),
            Err(CoseError::NonceExhausted { limit: 1000 })
        ));
    }

    #[test]
    fn the_counter_stops_at_two_to_the_32() {
        let mut s = sequence([0; 12], u64::MAX);
        assert_eq!(s.limit(), MAX_MESSAGES_PER_KEY);
        // Jump to the end rather than draw four billion IVs.
        s.next = MAX_MESSAGES_PER_KEY - 1;
        assert_eq!(s.next_iv().unwrap()[8..], [0xFF; 4]);
        assert!(matches!(
            s.next_iv(),
            Err(CoseError::NonceExhausted { limit }) if limit == MAX_MESSAGES_PER_KEY
        ));
    }
}
