//! A game save: 500 players with nested records, `Option`s, enums (unit and
//! data variants) and item inventories.

use crate::rng::SplitMix64;

/// The whole save file.
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
pub struct GameSave {
    /// Save format version.
    #[cfg_attr(feature = "peers", n(0))]
    pub version: u32,
    /// World name.
    #[cfg_attr(feature = "peers", n(1))]
    pub world: String,
    /// World generator seed.
    #[cfg_attr(feature = "peers", n(2))]
    pub seed: u64,
    /// Every player.
    #[cfg_attr(feature = "peers", n(3))]
    pub players: Vec<Player>,
}

/// One player.
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
pub struct Player {
    /// Player id.
    #[cfg_attr(feature = "peers", n(0))]
    pub id: u32,
    /// Display name.
    #[cfg_attr(feature = "peers", n(1))]
    pub name: String,
    /// Character class.
    #[cfg_attr(feature = "peers", n(2))]
    pub class: Class,
    /// Character level, 1–60.
    #[cfg_attr(feature = "peers", n(3))]
    pub level: u16,
    /// Position in the world.
    #[cfg_attr(feature = "peers", n(4))]
    pub position: [f32; 3],
    /// Hit points, 0–1.
    #[cfg_attr(feature = "peers", n(5))]
    pub health: f32,
    /// Guild name, if any.
    #[cfg_attr(feature = "peers", n(6))]
    pub guild: Option<String>,
    /// Attributes.
    #[cfg_attr(feature = "peers", n(7))]
    pub stats: Stats,
    /// Carried items.
    #[cfg_attr(feature = "peers", n(8))]
    pub inventory: Vec<Item>,
    /// The item in hand, as an index into `inventory`.
    #[cfg_attr(feature = "peers", n(9))]
    pub equipped: Option<u32>,
}

/// A character class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, boring::Boring)]
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
pub enum Class {
    /// Melee.
    #[cfg_attr(feature = "peers", n(0))]
    Warrior,
    /// Spells.
    #[cfg_attr(feature = "peers", n(1))]
    Mage,
    /// Stealth.
    #[cfg_attr(feature = "peers", n(2))]
    Rogue,
    /// Healing.
    #[cfg_attr(feature = "peers", n(3))]
    Cleric,
}

/// Character attributes.
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
pub struct Stats {
    /// Strength.
    #[cfg_attr(feature = "peers", n(0))]
    pub strength: u16,
    /// Agility.
    #[cfg_attr(feature = "peers", n(1))]
    pub agility: u16,
    /// Intellect.
    #[cfg_attr(feature = "peers", n(2))]
    pub intellect: u16,
    /// Stamina.
    #[cfg_attr(feature = "peers", n(3))]
    pub stamina: u16,
}

/// One inventory slot.
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
pub struct Item {
    /// Item type id.
    #[cfg_attr(feature = "peers", n(0))]
    pub id: u32,
    /// What it is.
    #[cfg_attr(feature = "peers", n(1))]
    pub kind: ItemKind,
    /// Stack size.
    #[cfg_attr(feature = "peers", n(2))]
    pub count: u16,
    /// Wear, for items that wear out.
    #[cfg_attr(feature = "peers", n(3))]
    pub durability: Option<u8>,
}

/// Item kinds: data variants and unit variants.
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
pub enum ItemKind {
    /// A weapon and its damage.
    #[cfg_attr(feature = "peers", n(0))]
    Weapon {
        /// Damage per hit.
        #[cfg_attr(feature = "peers", n(0))]
        damage: u16,
    },
    /// Armour and its defence.
    #[cfg_attr(feature = "peers", n(1))]
    Armor {
        /// Damage absorbed.
        #[cfg_attr(feature = "peers", n(0))]
        defense: u16,
    },
    /// A potion and what it heals.
    #[cfg_attr(feature = "peers", n(2))]
    Potion {
        /// Hit points restored.
        #[cfg_attr(feature = "peers", n(0))]
        heals: u16,
    },
    /// Crafting material.
    #[cfg_attr(feature = "peers", n(3))]
    Material,
    /// A quest item.
    #[cfg_attr(feature = "peers", n(4))]
    Quest,
}

/// The number of players in the benchmark dataset.
pub const PLAYERS: usize = 500;

const CLASSES: [Class; 4] = [Class::Warrior, Class::Mage, Class::Rogue, Class::Cleric];
const GUILDS: [&str; 5] = [
    "Iron Wolves",
    "Silver Hand",
    "Night Owls",
    "Sunreach",
    "The Quiet",
];
const SYLLABLES: [&str; 8] = ["ka", "ri", "to", "mel", "dor", "an", "sh", "vel"];

/// A save with `players` players from `seed`.
pub fn generate(seed: u64, players: usize) -> GameSave {
    let mut rng = SplitMix64::new(seed);
    let players = (0..players)
        .map(|i| {
            let name: String = (0..rng.range(2, 4))
                .filter_map(|_| rng.pick(&SYLLABLES).copied())
                .collect();
            let inventory: Vec<Item> = (0..rng.range(0, 24)).map(|_| item(&mut rng)).collect();
            let equipped = if inventory.is_empty() || rng.chance(30) {
                None
            } else {
                u32::try_from(rng.below(inventory.len() as u64)).ok()
            };
            Player {
                id: 1000 + i as u32,
                name,
                class: rng.pick(&CLASSES).copied().unwrap_or(Class::Warrior),
                level: rng.range(1, 60) as u16,
                position: [
                    rng.unit_f32() * 4096.0,
                    rng.unit_f32() * 256.0,
                    rng.unit_f32() * 4096.0,
                ],
                health: rng.unit_f32(),
                guild: if rng.chance(60) {
                    rng.pick(&GUILDS).map(|g| String::from(*g))
                } else {
                    None
                },
                stats: Stats {
                    strength: rng.range(5, 200) as u16,
                    agility: rng.range(5, 200) as u16,
                    intellect: rng.range(5, 200) as u16,
                    stamina: rng.range(5, 200) as u16,
                },
                inventory,
                equipped,
            }
        })
        .collect();
    GameSave {
        version: 3,
        world: "Eastmarch".into(),
        seed: rng.next_u64(),
        players,
    }
}

fn item(rng: &mut SplitMix64) -> Item {
    let kind = match rng.below(5) {
        0 => ItemKind::Weapon {
            damage: rng.range(3, 120) as u16,
        },
        1 => ItemKind::Armor {
            defense: rng.range(1, 80) as u16,
        },
        2 => ItemKind::Potion {
            heals: rng.range(10, 500) as u16,
        },
        3 => ItemKind::Material,
        _ => ItemKind::Quest,
    };
    let wears = matches!(kind, ItemKind::Weapon { .. } | ItemKind::Armor { .. });
    Item {
        id: rng.range(1, 5000) as u32,
        count: if wears { 1 } else { rng.range(1, 99) as u16 },
        durability: if wears {
            Some(rng.range(0, 100) as u8)
        } else {
            None
        },
        kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_with_every_variant() {
        let save = generate(crate::SEED, PLAYERS);
        assert_eq!(save, generate(crate::SEED, PLAYERS));
        assert_eq!(save.players.len(), PLAYERS);
        let items: Vec<&Item> = save.players.iter().flat_map(|p| &p.inventory).collect();
        assert!(items.iter().any(|i| matches!(i.kind, ItemKind::Quest)));
        assert!(items
            .iter()
            .any(|i| matches!(i.kind, ItemKind::Weapon { .. })));
        assert!(save.players.iter().any(|p| p.guild.is_none()));
        assert!(save.players.iter().any(|p| p.equipped.is_some()));
    }
}
