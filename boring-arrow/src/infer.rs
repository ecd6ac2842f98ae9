//! Schema inference: what Arrow type holds every value a column has.
//!
//! Integers take the narrowest type holding the column's actual minimum and
//! maximum (the rule the runtime's writer uses for typed columns, so a
//! column read back keeps the element type it was written with); floats
//! are `Float32` only when every value was single precision. Guesses merge
//! across tables and files, widening as needed.

use std::sync::Arc;

use arrow_schema::{DataType, Field, Fields, Schema};
use boring::ext::typed::Elem;
use boring::{Float, Value};

use crate::error::{Error, Result};

/// What a column's values have shown so far.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Guess {
    /// Only nulls, or nothing.
    Null,
    /// Integers between these bounds.
    Int {
        /// The smallest value seen.
        min: i128,
        /// The largest value seen.
        max: i128,
    },
    /// Floats (or floats and integers); `single` while every float was
    /// binary32 (or binary16) and there was no integer.
    Float {
        /// Every value was single precision.
        single: bool,
    },
    /// Booleans.
    Bool,
    /// Text.
    Text,
    /// Byte strings.
    Bytes,
    /// Arrays of varying length.
    List(Box<Guess>),
    /// Arrays of one length (a grid column).
    Fixed(Box<Guess>, usize),
    /// Maps: fields by key, in first-seen order.
    Struct(Vec<(String, Guess)>),
}

impl Guess {
    /// The guess for one value; `column` names it in errors.
    pub fn of_value(value: &Value, column: &str) -> Result<Guess> {
        Ok(match value {
            Value::Null | Value::Undefined => Guess::Null,
            Value::Integer(i) => Guess::Int { min: *i, max: *i },
            Value::Float(Float::F64(_)) => Guess::Float { single: false },
            Value::Float(_) => Guess::Float { single: true },
            Value::Bool(_) => Guess::Bool,
            Value::Text(_) => Guess::Text,
            Value::Bytes(_) => Guess::Bytes,
            Value::Array(items) => {
                let mut element = Guess::Null;
                for item in items.iter() {
                    element = element.merge(Guess::of_value(item, column)?, column)?;
                }
                Guess::List(Box::new(element))
            }
            Value::Map(entries) => {
                let mut fields: Vec<(String, Guess)> = Vec::new();
                for (key, v) in entries.iter() {
                    let name = key_name(key).ok_or_else(|| Error::Unsupported {
                        column: column.to_owned(),
                        data_type: DataType::Null,
                    })?;
                    let inner = format!("{column}.{name}");
                    let guess = Guess::of_value(v, &inner)?;
                    merge_field(&mut fields, name, guess, &inner)?;
                }
                Guess::Struct(fields)
            }
            Value::Tag(tag, content) => match crate::cells::typed_elements(*tag, content) {
                Some(elements) => {
                    let mut element = Guess::Null;
                    for n in elements {
                        element = element.merge(Guess::of_number(n), column)?;
                    }
                    Guess::List(Box::new(element))
                }
                // Identifiers (tag 39) are their text; other tags are what
                // they hold.
                None => Guess::of_value(content, column)?,
            },
            Value::Simple(_) => {
                return Err(Error::Mismatch {
                    column: column.to_owned(),
                    row: 0,
                    expected: DataType::Null,
                    found: "a simple value".into(),
                })
            }
        })
    }

    /// The guess for one typed-array element.
    pub fn of_number(n: boring::ext::typed::Number) -> Guess {
        match n {
            boring::ext::typed::Number::Int(i) => Guess::Int { min: i, max: i },
            boring::ext::typed::Number::Float(_) => Guess::Float { single: false },
        }
    }

    /// Both guesses in one; `column` names the column in errors.
    pub fn merge(self, other: Guess, column: &str) -> Result<Guess> {
        Ok(match (self, other) {
            (Guess::Null, g) | (g, Guess::Null) => g,
            (Guess::Int { min: a, max: b }, Guess::Int { min: c, max: d }) => Guess::Int {
                min: a.min(c),
                max: b.max(d),
            },
            (Guess::Float { single: a }, Guess::Float { single: b }) => {
                Guess::Float { single: a && b }
            }
            (Guess::Float { .. }, Guess::Int { .. }) | (Guess::Int { .. }, Guess::Float { .. }) => {
                Guess::Float { single: false }
            }
            (Guess::Bool, Guess::Bool) => Guess::Bool,
            (Guess::Text, Guess::Text) => Guess::Text,
            (Guess::Bytes, Guess::Bytes) => Guess::Bytes,
            (Guess::Fixed(a, k), Guess::Fixed(b, j)) if k == j => {
                Guess::Fixed(Box::new(a.merge(*b, column)?), k)
            }
            (Guess::List(a) | Guess::Fixed(a, _), Guess::List(b) | Guess::Fixed(b, _)) => {
                Guess::List(Box::new(a.merge(*b, column)?))
            }
            (Guess::Struct(mut a), Guess::Struct(b)) => {
                for (name, guess) in b {
                    let inner = format!("{column}.{name}");
                    merge_field(&mut a, name, guess, &inner)?;
                }
                Guess::Struct(a)
            }
            (a, b) => {
                return Err(Error::Inconsistent {
                    column: column.to_owned(),
                    first: a.data_type(column)?,
                    second: b.data_type(column)?,
                })
            }
        })
    }

    /// The Arrow type that holds every value seen.
    pub fn data_type(&self, column: &str) -> Result<DataType> {
        Ok(match self {
            Guess::Null => DataType::Null,
            Guess::Int { min, max } => match Elem::narrowest_int(*min, *max) {
                Some(elem) => crate::typed::elem_type(elem).unwrap_or(DataType::Int64),
                None => {
                    return Err(Error::OutOfRange {
                        column: column.to_owned(),
                        row: 0,
                        expected: DataType::Int64,
                        value: if *min < 0 { min } else { max }.to_string(),
                    })
                }
            },
            Guess::Float { single: true } => DataType::Float32,
            Guess::Float { single: false } => DataType::Float64,
            Guess::Bool => DataType::Boolean,
            Guess::Text => DataType::Utf8,
            Guess::Bytes => DataType::Binary,
            Guess::List(element) => DataType::List(Arc::new(Field::new_list_field(
                element.data_type(column)?,
                true,
            ))),
            Guess::Fixed(element, k) => DataType::FixedSizeList(
                Arc::new(Field::new_list_field(element.data_type(column)?, true)),
                i32::try_from(*k).map_err(|_| Error::Unsupported {
                    column: column.to_owned(),
                    data_type: DataType::Null,
                })?,
            ),
            Guess::Struct(fields) => DataType::Struct(fields_of(fields, column)?),
        })
    }
}

fn merge_field(
    fields: &mut Vec<(String, Guess)>,
    name: String,
    guess: Guess,
    column: &str,
) -> Result<()> {
    match fields.iter_mut().find(|(n, _)| *n == name) {
        Some((_, g)) => *g = core::mem::replace(g, Guess::Null).merge(guess, column)?,
        None => fields.push((name, guess)),
    }
    Ok(())
}

fn fields_of(fields: &[(String, Guess)], column: &str) -> Result<Fields> {
    fields
        .iter()
        .map(|(name, g)| {
            let inner = if column.is_empty() {
                name.clone()
            } else {
                format!("{column}.{name}")
            };
            Ok(Field::new(name, g.data_type(&inner)?, true))
        })
        .collect()
}

/// Guesses for the columns of one or more tables, merged by column name.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SchemaGuess {
    columns: Vec<(String, Guess)>,
}

impl SchemaGuess {
    /// No columns yet.
    pub fn new() -> SchemaGuess {
        SchemaGuess::default()
    }

    /// Adds what column `name` has shown.
    ///
    /// # Errors
    ///
    /// [`Error::Inconsistent`] when no Arrow type holds both.
    pub fn add(&mut self, name: &str, guess: Guess) -> Result<()> {
        merge_field(&mut self.columns, name.to_owned(), guess, name)
    }

    /// Merges another table's guesses into this one.
    ///
    /// # Errors
    ///
    /// [`Error::Inconsistent`] when a column's types cannot be merged.
    pub fn merge(&mut self, other: SchemaGuess) -> Result<()> {
        for (name, guess) in other.columns {
            self.add(&name, guess)?;
        }
        Ok(())
    }

    /// The Arrow schema: every field nullable, in first-seen order.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfRange`] for an integer column beyond 64 bits.
    pub fn to_schema(&self) -> Result<Schema> {
        Ok(Schema::new(fields_of(&self.columns, "")?))
    }
}

/// The field name a key stands for: its text, an identifier's text (tag
/// 39, e.g. `:name`), or an integer key's decimal digits.
pub fn key_name(key: &Value) -> Option<String> {
    match key {
        Value::Text(s) => Some(s.clone()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Tag(39, content) => match &**content {
            Value::Text(s) => Some(s.clone()),
            _ => None,
        },
        _ => None,
    }
}
