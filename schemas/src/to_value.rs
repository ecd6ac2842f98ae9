//! Conversion of the datasets to [`Value`], in the form `#[derive(Boring)]`
//! describes them (DESIGN's data model): a struct is a map with its field
//! names as text keys, in declaration order; a unit variant is its name; a
//! data variant is a one-entry map `{name: payload}`; `None` is null; a
//! `Vec<u8>` is an array of integers; a set is tag 258 over an array.

use std::collections::{BTreeMap, BTreeSet};

use boring::Value;

use crate::access_log::LogEntry;
use crate::game::{Class, GameSave, Item, ItemKind, Player, Stats};
use crate::mesh::Triangle;
use crate::network::{Contact, Update};
use crate::records::{Datom, Mixed, NestedEntry, Row4, SmallMap, StrRecord};

/// Builds the [`Value`] a derived encoder would describe for `self`.
pub trait ToValue {
    /// The value form.
    fn to_value(&self) -> Value;
}

macro_rules! int_to_value {
    ($($ty:ty),*) => {$(
        impl ToValue for $ty {
            fn to_value(&self) -> Value {
                Value::Integer(i128::from(*self))
            }
        }
    )*};
}
int_to_value!(u8, u16, u32, u64, i8, i16, i32, i64);

impl ToValue for f32 {
    fn to_value(&self) -> Value {
        Value::from(*self)
    }
}

impl ToValue for f64 {
    fn to_value(&self) -> Value {
        Value::from(*self)
    }
}

impl ToValue for bool {
    fn to_value(&self) -> Value {
        Value::Bool(*self)
    }
}

impl ToValue for String {
    fn to_value(&self) -> Value {
        Value::Text(self.clone())
    }
}

impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> Value {
        self.as_ref().map_or(Value::Null, ToValue::to_value)
    }
}

impl<T: ToValue> ToValue for [T] {
    fn to_value(&self) -> Value {
        Value::Array(self.iter().map(ToValue::to_value).collect())
    }
}

impl<T: ToValue> ToValue for Vec<T> {
    fn to_value(&self) -> Value {
        self.as_slice().to_value()
    }
}

impl<T: ToValue, const N: usize> ToValue for [T; N] {
    fn to_value(&self) -> Value {
        self.as_slice().to_value()
    }
}

impl<T: ToValue> ToValue for BTreeSet<T> {
    fn to_value(&self) -> Value {
        Value::tag(
            258,
            Value::Array(self.iter().map(ToValue::to_value).collect()),
        )
    }
}

impl<K: ToValue, V: ToValue> ToValue for BTreeMap<K, V> {
    fn to_value(&self) -> Value {
        Value::Map(
            self.iter()
                .map(|(k, v)| (k.to_value(), v.to_value()))
                .collect(),
        )
    }
}

/// A struct as a map with text keys, fields in declaration order.
macro_rules! record_to_value {
    ($($ty:ty { $($field:ident),* $(,)? })*) => {$(
        impl ToValue for $ty {
            fn to_value(&self) -> Value {
                Value::Map(vec![
                    $((Value::Text(String::from(stringify!($field))), self.$field.to_value()),)*
                ].into())
            }
        }
    )*};
}

record_to_value! {
    SmallMap { name, tags, score }
    Mixed { id, n, d, s, ok }
    NestedEntry { v, s }
    Datom { e, a, v, tx, added }
    StrRecord { id, kind, name, seq, live }
    Row4 { id, ts, level, delta }
    LogEntry { ip, user, timestamp, request, status, size }
    Triangle { v0, v1, v2, normal }
    GameSave { version, world, seed, players }
    Player { id, name, class, level, position, health, guild, stats, inventory, equipped }
    Stats { strength, agility, intellect, stamina }
    Item { id, kind, count, durability }
    Update { seq, source, full, contacts }
    Contact { id, name, nickname, email, online, blocked, last_seen, public_key, avatar }
}

fn variant(name: &str, payload: Value) -> Value {
    Value::Map(vec![(Value::Text(String::from(name)), payload)].into())
}

fn one_field(name: &str, value: u16) -> Value {
    Value::Map(vec![(Value::Text(String::from(name)), value.to_value())].into())
}

impl ToValue for Class {
    fn to_value(&self) -> Value {
        let name = match self {
            Class::Warrior => "Warrior",
            Class::Mage => "Mage",
            Class::Rogue => "Rogue",
            Class::Cleric => "Cleric",
        };
        Value::Text(String::from(name))
    }
}

impl ToValue for ItemKind {
    fn to_value(&self) -> Value {
        match self {
            ItemKind::Weapon { damage } => variant("Weapon", one_field("damage", *damage)),
            ItemKind::Armor { defense } => variant("Armor", one_field("defense", *defense)),
            ItemKind::Potion { heals } => variant("Potion", one_field("heals", *heals)),
            ItemKind::Material => Value::Text(String::from("Material")),
            ItemKind::Quest => Value::Text(String::from("Quest")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_become_text_keyed_maps() {
        let row = crate::records::rows4(2).to_value();
        let first = row.as_array().and_then(|a| a.get(1));
        assert_eq!(
            first.and_then(|r| r.get("ts")).and_then(Value::as_i64),
            Some(1_700_000_037)
        );
        let kind = ItemKind::Potion { heals: 5 }.to_value();
        let inner = kind.get("Potion").and_then(|p| p.get("heals"));
        assert_eq!(inner.and_then(Value::as_i64), Some(5));
        assert_eq!(ItemKind::Quest.to_value().as_str(), Some("Quest"));
        assert_eq!(None::<u8>.to_value(), Value::Null);
    }
}
