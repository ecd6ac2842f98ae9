//! `Debug` for `Value` without recursion, printing what a derived impl
//! would (`{:?}` and `{:#?}` alike): formatting a deeply nested value must
//! not overflow a small thread stack.

use alloc::vec::Vec;
use core::fmt::{self, Write};

use super::{Float, Value};

/// What is left to print, popped from the end. Composite steps are expanded
/// when they come up, so the stack holds one level of children at a time
/// per level of nesting.
enum Step<'a> {
    Value(&'a Value),
    Float(&'a Float),
    Bytes(&'a [u8]),
    Items(&'a [Value]),
    Entries(&'a [(Value, Value)]),
    Pair(&'a Value, &'a Value),
    Leaf(&'a dyn fmt::Debug),
    /// Literal text: a variant name and its parenthesis, a bracket.
    Text(&'static str),
    /// Opens a group's children: a new line and one more level in pretty
    /// form.
    Open,
    /// Closes a group's children: one level less and the indentation.
    Close,
    /// The indentation before a child, in pretty form.
    Indent,
    /// After a child: `,` and a new line in pretty form, `, ` between
    /// children otherwise.
    Separator {
        last: bool,
    },
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pretty = f.alternate();
        let mut level = 0usize;
        let mut stack = alloc::vec![Step::Value(self)];
        while let Some(step) = stack.pop() {
            match step {
                Step::Value(value) => push_value(&mut stack, value),
                Step::Float(float) => match float {
                    Float::F16(bits) => group(&mut stack, "F16(", ")", [Step::Leaf(bits)]),
                    Float::F32(v) => group(&mut stack, "F32(", ")", [Step::Leaf(v)]),
                    Float::F64(v) => group(&mut stack, "F64(", ")", [Step::Leaf(v)]),
                },
                Step::Bytes(bytes) => {
                    group(&mut stack, "[", "]", bytes.iter().map(|b| Step::Leaf(b)));
                }
                Step::Items(items) => group(&mut stack, "[", "]", items.iter().map(Step::Value)),
                Step::Entries(entries) => group(
                    &mut stack,
                    "[",
                    "]",
                    entries.iter().map(|(k, v)| Step::Pair(k, v)),
                ),
                Step::Pair(k, v) => group(&mut stack, "(", ")", [Step::Value(k), Step::Value(v)]),
                Step::Leaf(leaf) => leaf.fmt(f)?,
                Step::Text(text) => f.write_str(text)?,
                Step::Open if pretty => {
                    f.write_char('\n')?;
                    level += 1;
                }
                Step::Close if pretty => {
                    level -= 1;
                    indent(f, level)?;
                }
                Step::Indent if pretty => indent(f, level)?,
                Step::Separator { .. } if pretty => f.write_str(",\n")?,
                Step::Separator { last: false } => f.write_str(", ")?,
                Step::Open | Step::Close | Step::Indent | Step::Separator { .. } => {}
            }
        }
        Ok(())
    }
}

fn indent(f: &mut fmt::Formatter<'_>, level: usize) -> fmt::Result {
    for _ in 0..level {
        f.write_str("    ")?;
    }
    Ok(())
}

/// Pushes the steps that print `open`, `children` and `close`, so that
/// they pop in that order.
fn group<'a, I>(stack: &mut Vec<Step<'a>>, open: &'static str, close: &'static str, children: I)
where
    I: IntoIterator<Item = Step<'a>>,
    I::IntoIter: DoubleEndedIterator + ExactSizeIterator,
{
    let children = children.into_iter();
    if children.len() == 0 {
        stack.push(Step::Text(close));
        stack.push(Step::Text(open));
        return;
    }
    stack.push(Step::Text(close));
    stack.push(Step::Close);
    let mut last = true;
    for child in children.rev() {
        stack.push(Step::Separator { last });
        stack.push(child);
        stack.push(Step::Indent);
        last = false;
    }
    stack.push(Step::Open);
    stack.push(Step::Text(open));
}

fn push_value<'a>(stack: &mut Vec<Step<'a>>, value: &'a Value) {
    match value {
        Value::Integer(n) => group(stack, "Integer(", ")", [Step::Leaf(n)]),
        Value::Float(float) => group(stack, "Float(", ")", [Step::Float(float)]),
        Value::Bytes(bytes) => group(stack, "Bytes(", ")", [Step::Bytes(bytes)]),
        Value::Text(text) => group(stack, "Text(", ")", [Step::Leaf(text)]),
        Value::Array(items) => group(stack, "Array(", ")", [Step::Items(items)]),
        Value::Map(entries) => group(stack, "Map(", ")", [Step::Entries(entries)]),
        Value::Tag(tag, inner) => group(stack, "Tag(", ")", [Step::Leaf(tag), Step::Value(inner)]),
        Value::Bool(b) => group(stack, "Bool(", ")", [Step::Leaf(b)]),
        Value::Null => stack.push(Step::Text("Null")),
        Value::Undefined => stack.push(Step::Text("Undefined")),
        Value::Simple(n) => group(stack, "Simple(", ")", [Step::Leaf(n)]),
    }
}

#[cfg(test)]
mod tests {
    use alloc::boxed::Box;
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::super::{Float, Value};

    /// `Value`'s shape with a derived `Debug`, to compare against.
    #[derive(Debug)]
    #[allow(dead_code)]
    enum Mirror {
        Integer(i128),
        Float(Float),
        Bytes(Vec<u8>),
        Text(String),
        Array(Vec<Mirror>),
        Map(Vec<(Mirror, Mirror)>),
        Tag(u64, Box<Mirror>),
        Bool(bool),
        Null,
        Undefined,
        Simple(u8),
    }

    fn mirror(v: &Value) -> Mirror {
        match v {
            Value::Integer(n) => Mirror::Integer(*n),
            Value::Float(f) => Mirror::Float(*f),
            Value::Bytes(b) => Mirror::Bytes(b.clone()),
            Value::Text(t) => Mirror::Text(t.clone()),
            Value::Array(items) => Mirror::Array(items.iter().map(mirror).collect()),
            Value::Map(entries) => Mirror::Map(
                entries
                    .iter()
                    .map(|(k, v)| (mirror(k), mirror(v)))
                    .collect(),
            ),
            Value::Tag(t, inner) => Mirror::Tag(*t, Box::new(mirror(inner))),
            Value::Bool(b) => Mirror::Bool(*b),
            Value::Null => Mirror::Null,
            Value::Undefined => Mirror::Undefined,
            Value::Simple(n) => Mirror::Simple(*n),
        }
    }

    #[test]
    fn prints_what_a_derived_impl_prints() {
        let value = Value::Array(
            alloc::vec![
                Value::Integer(-3),
                Value::Float(Float::F16(0x3c00)),
                Value::Float(Float::F32(1.5)),
                Value::Float(Float::F64(f64::NAN)),
                Value::Bytes(alloc::vec![1, 2]),
                Value::Bytes(Vec::new()),
                Value::Text(String::from("a\"b\n")),
                Value::Array(Vec::new().into()),
                Value::Map(
                    alloc::vec![
                        (Value::Text(String::from("k")), Value::Null),
                        (Value::Integer(1), Value::Map(Vec::new().into())),
                    ]
                    .into()
                ),
                Value::tag(39, Value::Text(String::from(":a"))),
                Value::Bool(true),
                Value::Undefined,
                Value::Simple(99),
            ]
            .into(),
        );
        let expected = mirror(&value);
        assert_eq!(format!("{value:?}"), format!("{expected:?}"));
        assert_eq!(format!("{value:#?}"), format!("{expected:#?}"));
        let scalar = Value::Null;
        assert_eq!(format!("{scalar:?}"), "Null");
    }
}
