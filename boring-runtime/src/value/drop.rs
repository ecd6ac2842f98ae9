//! Iterative drop: children are moved onto a heap stack before their parent
//! is freed, so a deeply nested value never recurses.

use alloc::vec::Vec;
use core::mem;

use super::Value;

impl Drop for Value {
    fn drop(&mut self) {
        let nested = match self {
            Value::Array(items) => items.iter().any(Value::has_children),
            Value::Map(entries) => entries
                .iter()
                .any(|(k, v)| k.has_children() || v.has_children()),
            Value::Tag(_, inner) => inner.has_children(),
            _ => false,
        };
        if !nested {
            return;
        }
        let mut stack = Vec::new();
        self.move_children(&mut stack);
        while let Some(mut value) = stack.pop() {
            value.move_children(&mut stack);
        }
    }
}

impl Value {
    fn has_children(&self) -> bool {
        match self {
            Value::Array(items) => !items.is_empty(),
            Value::Map(entries) => !entries.is_empty(),
            Value::Tag(..) => true,
            _ => false,
        }
    }

    fn move_children(&mut self, stack: &mut Vec<Value>) {
        match self {
            Value::Array(items) => stack.append(items),
            Value::Map(entries) => {
                for (k, v) in entries.drain(..) {
                    stack.push(k);
                    stack.push(v);
                }
            }
            Value::Tag(_, inner) => stack.push(mem::take(&mut **inner)),
            _ => {}
        }
    }
}
