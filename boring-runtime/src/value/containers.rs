//! The containers of a [`Value`]: [`Array`], [`Map`] and [`Boxed`] (a tag's
//! content). Each drops iteratively — children are moved onto a heap stack
//! before their parent is freed — so a deeply nested value never recurses,
//! while `Value` itself has no `Drop` impl and can be taken apart by
//! pattern matching.
//!
//! Each container derefs to what it holds (`Vec<Value>`, `Vec<(Value,
//! Value)>`, `Value`), so reading and editing it reads as the plain type.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::ops::{Deref, DerefMut};
use core::{fmt, mem};

use super::Value;

/// The elements of [`Value::Array`]: a `Vec<Value>` that drops iteratively.
///
/// ```
/// use boring::value::{Array, Value};
/// let mut items = Array::from(vec![Value::from(1)]);
/// items.push(Value::from("two"));
/// assert_eq!(items.len(), 2);
/// let Value::Array(back) = Value::Array(items) else { unreachable!() };
/// let plain: Vec<Value> = back.into_vec();
/// assert_eq!(plain[1], Value::from("two"));
/// ```
#[derive(Default, Clone, PartialEq, Eq)]
pub struct Array(Vec<Value>);

/// The entries of [`Value::Map`], in wire order: a `Vec<(Value, Value)>`
/// that drops iteratively.
#[derive(Default, Clone, PartialEq, Eq)]
pub struct Map(Vec<(Value, Value)>);

/// The content of [`Value::Tag`]: a `Box<Value>` that drops iteratively.
#[derive(Clone, PartialEq, Eq)]
pub struct Boxed(Box<Value>);

impl Array {
    /// An empty array.
    pub const fn new() -> Array {
        Array(Vec::new())
    }

    /// The elements as a plain vector.
    pub fn into_vec(mut self) -> Vec<Value> {
        mem::take(&mut self.0)
    }
}

impl Map {
    /// An empty map.
    pub const fn new() -> Map {
        Map(Vec::new())
    }

    /// The entries as a plain vector, in wire order.
    pub fn into_vec(mut self) -> Vec<(Value, Value)> {
        mem::take(&mut self.0)
    }
}

impl Boxed {
    /// Boxes a tag's content.
    pub fn new(content: Value) -> Boxed {
        Boxed(Box::new(content))
    }

    /// The content, unboxed.
    pub fn into_inner(mut self) -> Value {
        mem::take(&mut *self.0)
    }
}

macro_rules! container {
    ($name:ident, $inner:ty, $item:ty) => {
        impl Deref for $name {
            type Target = $inner;
            fn deref(&self) -> &$inner {
                &self.0
            }
        }

        impl DerefMut for $name {
            fn deref_mut(&mut self) -> &mut $inner {
                &mut self.0
            }
        }

        impl From<$inner> for $name {
            fn from(inner: $inner) -> $name {
                $name(inner)
            }
        }

        impl From<$name> for $inner {
            fn from(outer: $name) -> $inner {
                outer.into_vec()
            }
        }

        impl FromIterator<$item> for $name {
            fn from_iter<I: IntoIterator<Item = $item>>(iter: I) -> $name {
                $name(iter.into_iter().collect())
            }
        }

        impl Extend<$item> for $name {
            fn extend<I: IntoIterator<Item = $item>>(&mut self, iter: I) {
                self.0.extend(iter)
            }
        }

        impl IntoIterator for $name {
            type Item = $item;
            type IntoIter = alloc::vec::IntoIter<$item>;
            fn into_iter(self) -> Self::IntoIter {
                self.into_vec().into_iter()
            }
        }

        impl<'a> IntoIterator for &'a $name {
            type Item = &'a $item;
            type IntoIter = core::slice::Iter<'a, $item>;
            fn into_iter(self) -> Self::IntoIter {
                self.0.iter()
            }
        }

        impl<'a> IntoIterator for &'a mut $name {
            type Item = &'a mut $item;
            type IntoIter = core::slice::IterMut<'a, $item>;
            fn into_iter(self) -> Self::IntoIter {
                self.0.iter_mut()
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.0, f)
            }
        }
    };
}

container!(Array, Vec<Value>, Value);
container!(Map, Vec<(Value, Value)>, (Value, Value));

impl Deref for Boxed {
    type Target = Value;
    fn deref(&self) -> &Value {
        &self.0
    }
}

impl DerefMut for Boxed {
    fn deref_mut(&mut self) -> &mut Value {
        &mut self.0
    }
}

impl From<Value> for Boxed {
    fn from(content: Value) -> Boxed {
        Boxed::new(content)
    }
}

impl From<Box<Value>> for Boxed {
    fn from(content: Box<Value>) -> Boxed {
        Boxed(content)
    }
}

impl fmt::Debug for Boxed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl Drop for Array {
    fn drop(&mut self) {
        if self.0.iter().any(Value::has_children) {
            dismantle(mem::take(&mut self.0));
        }
    }
}

impl Drop for Map {
    fn drop(&mut self) {
        if self
            .0
            .iter()
            .any(|(k, v)| k.has_children() || v.has_children())
        {
            let mut stack = Vec::with_capacity(self.0.len() * 2);
            for (k, v) in self.0.drain(..) {
                stack.push(k);
                stack.push(v);
            }
            dismantle(stack);
        }
    }
}

impl Drop for Boxed {
    fn drop(&mut self) {
        if self.0.has_children() {
            dismantle(alloc::vec![mem::take(&mut *self.0)]);
        }
    }
}

/// Frees `stack` and everything under it without recursion: each value's
/// children are moved onto the stack before the (now shallow) value drops.
fn dismantle(mut stack: Vec<Value>) {
    while let Some(mut value) = stack.pop() {
        match &mut value {
            Value::Array(items) => stack.append(&mut items.0),
            Value::Map(entries) => {
                for (k, v) in entries.0.drain(..) {
                    stack.push(k);
                    stack.push(v);
                }
            }
            Value::Tag(_, inner) => stack.push(mem::take(&mut *inner.0)),
            _ => {}
        }
    }
}

impl Value {
    /// Whether dropping this value would reach another container.
    fn has_children(&self) -> bool {
        match self {
            Value::Array(items) => !items.is_empty(),
            Value::Map(entries) => !entries.is_empty(),
            Value::Tag(..) => true,
            _ => false,
        }
    }
}
