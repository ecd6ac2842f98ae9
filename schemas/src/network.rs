//! A network update stream: 1 000 presence updates, each carrying 20–40
//! contacts with optional fields, flags and byte vectors (`Vec<u8>`, which
//! every codec here writes as it writes any vector of integers).

use crate::rng::SplitMix64;

/// One update message.
#[derive(Debug, Clone, PartialEq, boring::Boring)]
#[cfg_attr(
    feature = "peers",
    derive(
        serde::Serialize,
        serde::Deserialize,
        bitcode::Encode,
        bitcode::Decode,
        minicbor::Encode,
        minicbor::Decode
    )
)]
pub struct Update {
    /// Sequence number.
    #[cfg_attr(feature = "peers", n(0))]
    pub seq: u64,
    /// Sending node.
    #[cfg_attr(feature = "peers", n(1))]
    pub source: String,
    /// Whether this replaces the previous state instead of patching it.
    #[cfg_attr(feature = "peers", n(2))]
    pub full: bool,
    /// The contacts in this update.
    #[cfg_attr(feature = "peers", n(3))]
    pub contacts: Vec<Contact>,
}

/// One contact.
#[derive(Debug, Clone, PartialEq, boring::Boring)]
#[cfg_attr(
    feature = "peers",
    derive(
        serde::Serialize,
        serde::Deserialize,
        bitcode::Encode,
        bitcode::Decode,
        minicbor::Encode,
        minicbor::Decode
    )
)]
pub struct Contact {
    /// Contact id.
    #[cfg_attr(feature = "peers", n(0))]
    pub id: u64,
    /// Display name.
    #[cfg_attr(feature = "peers", n(1))]
    pub name: String,
    /// Nickname, if set.
    #[cfg_attr(feature = "peers", n(2))]
    pub nickname: Option<String>,
    /// E-mail address, if known.
    #[cfg_attr(feature = "peers", n(3))]
    pub email: Option<String>,
    /// Online now.
    #[cfg_attr(feature = "peers", n(4))]
    pub online: bool,
    /// Blocked by the user.
    #[cfg_attr(feature = "peers", n(5))]
    pub blocked: bool,
    /// Last time seen, seconds since the epoch, if ever.
    #[cfg_attr(feature = "peers", n(6))]
    pub last_seen: Option<u64>,
    /// 32-byte public key.
    #[cfg_attr(feature = "peers", n(7))]
    pub public_key: Vec<u8>,
    /// 16-byte avatar digest, if the contact has an avatar.
    #[cfg_attr(feature = "peers", n(8))]
    pub avatar: Option<Vec<u8>>,
}

/// The number of updates in the benchmark dataset.
pub const UPDATES: usize = 1_000;

const FIRST: [&str; 8] = [
    "Ana", "Ben", "Chloe", "Dmitri", "Elif", "Farah", "Goran", "Hana",
];
const LAST: [&str; 6] = ["Ito", "Jensen", "Kowalski", "Lima", "Moreau", "Nakamura"];
const NODES: [&str; 4] = ["relay-eu-1", "relay-us-2", "relay-ap-1", "edge-7"];

/// `n` updates from `seed`. Contacts come from a pool of 2 000 people, so the
/// same names, keys and addresses recur across updates.
pub fn generate(seed: u64, n: usize) -> Vec<Update> {
    let mut rng = SplitMix64::new(seed);
    let pool: Vec<Contact> = (0..2000u64).map(|id| contact(&mut rng, id)).collect();
    (0..n as u64)
        .map(|seq| {
            let count = rng.range(20, 40);
            let contacts = (0..count)
                .filter_map(|_| {
                    let mut c = rng.pick(&pool).cloned()?;
                    // Presence is what changes between updates.
                    c.online = rng.chance(40);
                    c.last_seen = if c.online {
                        None
                    } else {
                        Some(1_700_000_000 + rng.below(10_000_000))
                    };
                    Some(c)
                })
                .collect();
            Update {
                seq,
                source: rng.pick(&NODES).copied().unwrap_or("edge-7").into(),
                full: rng.chance(5),
                contacts,
            }
        })
        .collect()
}

fn contact(rng: &mut SplitMix64, id: u64) -> Contact {
    let first = rng.pick(&FIRST).copied().unwrap_or("Ana");
    let last = rng.pick(&LAST).copied().unwrap_or("Ito");
    Contact {
        id: 1_000_000 + id * 7,
        name: format!("{first} {last}"),
        nickname: rng
            .chance(30)
            .then(|| format!("{}{}", first.to_lowercase(), id % 100)),
        email: rng.chance(70).then(|| {
            format!(
                "{}.{}@example.org",
                first.to_lowercase(),
                last.to_lowercase()
            )
        }),
        online: false,
        blocked: rng.chance(3),
        last_seen: None,
        public_key: rng.bytes(32),
        avatar: rng.chance(50).then(|| rng.bytes(16)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_with_bounded_contacts() {
        let u = generate(crate::SEED, 50);
        assert_eq!(u, generate(crate::SEED, 50));
        assert!(u.iter().all(|x| (20..=40).contains(&x.contacts.len())));
        let contacts: Vec<&Contact> = u.iter().flat_map(|x| &x.contacts).collect();
        assert!(contacts.iter().any(|c| c.avatar.is_none()));
        assert!(contacts.iter().any(|c| c.email.is_some()));
        assert!(contacts.iter().all(|c| c.public_key.len() == 32));
    }
}
