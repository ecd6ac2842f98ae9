//! Filter expressions evaluated against a node: tests, comparisons by the
//! rules of RFC 9535 §2.3.5.2.2, logical operators and the functions.

use alloc::vec::Vec;
use core::cmp::Ordering;

use super::ast::{Arg, Call, Comparable, Expr, Function, Op, Query};
use super::eval::{Eval, Node};
use super::regex;
use crate::error::Error;
use crate::Value;

/// Whether `expr` holds for `current`.
pub(crate) fn test<'a>(expr: &Expr, current: &Node<'a>, cx: &mut Eval<'a>) -> Result<bool, Error> {
    Ok(match expr {
        Expr::Or(terms) => {
            for term in terms {
                if test(term, current, cx)? {
                    return Ok(true);
                }
            }
            false
        }
        Expr::And(terms) => {
            for term in terms {
                if !test(term, current, cx)? {
                    return Ok(false);
                }
            }
            true
        }
        Expr::Not(inner) => !test(inner, current, cx)?,
        Expr::Exists(query) => !cx.query(query, current)?.is_empty(),
        Expr::Test(call) => logical(call, current, cx)?,
        Expr::Compare(left, op, right) => {
            let left = comparable(left, current, cx)?;
            let right = comparable(right, current, cx)?;
            compare(left.as_ref(), *op, right.as_ref())
        }
    })
}

/// The value of a comparable; `None` is the special result Nothing.
fn comparable<'a>(
    side: &Comparable,
    current: &Node<'a>,
    cx: &mut Eval<'a>,
) -> Result<Option<Value>, Error> {
    match side {
        Comparable::Literal(v) => Ok(Some(v.clone())),
        Comparable::Query(query) => query_value(query, current, cx),
        Comparable::Call(call) => value_call(call, current, cx),
    }
}

/// The value of what `query` selects from `current`, when that is one
/// node; Nothing otherwise.
fn query_value<'a>(
    query: &Query,
    current: &Node<'a>,
    cx: &mut Eval<'a>,
) -> Result<Option<Value>, Error> {
    let nodes = cx.query(query, current)?;
    single(nodes, cx)
}

/// The value of a node list of one node; Nothing otherwise. Reading it
/// takes a step per byte of its item (one for a table's row), so that
/// comparing every node with a large one (`$..[?@ == $]`) is bounded by
/// the evaluation's limit.
fn single<'a>(nodes: Vec<Node<'a>>, cx: &mut Eval<'a>) -> Result<Option<Value>, Error> {
    match nodes.as_slice() {
        [node] => {
            let weight = node.cursor.bytes().map_or(1, <[u8]>::len);
            cx.step(weight, &node.cursor)?;
            node.cursor.to_value().map(Some)
        }
        _ => Ok(None),
    }
}

/// The result of a function of value type.
fn value_call<'a>(
    call: &Call,
    current: &Node<'a>,
    cx: &mut Eval<'a>,
) -> Result<Option<Value>, Error> {
    Ok(match call.function {
        Function::Length => match arg_value(call, 0, current, cx)? {
            Some(Value::Text(s)) => Some(Value::Integer(s.chars().count() as i128)),
            Some(Value::Array(a)) => Some(Value::Integer(a.len() as i128)),
            Some(Value::Map(m)) => Some(Value::Integer(m.len() as i128)),
            _ => None,
        },
        Function::Count => Some(Value::Integer(nodes(call, current, cx)?.len() as i128)),
        Function::Value => {
            let nodes = nodes(call, current, cx)?;
            single(nodes, cx)?
        }
        Function::Match | Function::Search => None,
    })
}

/// The nodes of a function's first argument, when it is a query.
fn nodes<'a>(call: &Call, current: &Node<'a>, cx: &mut Eval<'a>) -> Result<Vec<Node<'a>>, Error> {
    match &call.args[0] {
        Arg::Nodes(query) => cx.query(query, current),
        Arg::Value(_) => Ok(Vec::new()),
    }
}

fn arg_value<'a>(
    call: &Call,
    i: usize,
    current: &Node<'a>,
    cx: &mut Eval<'a>,
) -> Result<Option<Value>, Error> {
    match &call.args[i] {
        Arg::Value(side) => comparable(side, current, cx),
        Arg::Nodes(query) => query_value(query, current, cx),
    }
}

/// The result of a function of logical type: `match` and `search`, false
/// for anything but a string and a valid I-Regexp.
fn logical<'a>(call: &Call, current: &Node<'a>, cx: &mut Eval<'a>) -> Result<bool, Error> {
    let text = arg_value(call, 0, current, cx)?;
    let pattern = arg_value(call, 1, current, cx)?;
    let (Some(Value::Text(text)), Some(Value::Text(pattern))) = (text, pattern) else {
        return Ok(false);
    };
    let Some(regex) = regex::Regex::new(&pattern) else {
        return Ok(false);
    };
    let (found, steps) = match call.function {
        Function::Match => regex.is_full_match(&text),
        _ => regex.is_found_in(&text),
    };
    // The matcher's steps are the query's too: a pattern that backtracks
    // on every node is bounded by the query's limit, not only per match.
    cx.step(steps, &current.cursor)?;
    // A match that ran out of steps is refused rather than answered wrong.
    let at = current.cursor.offset().unwrap_or(0);
    found.ok_or_else(|| Error::new(crate::ErrorKind::LimitExceeded, at))
}

/// A comparison of two values or Nothings.
fn compare(left: Option<&Value>, op: Op, right: Option<&Value>) -> bool {
    match op {
        Op::Eq => equal(left, right),
        Op::Ne => !equal(left, right),
        Op::Lt => less(left, right),
        Op::Le => less(left, right) || equal(left, right),
        Op::Gt => less(right, left),
        Op::Ge => less(right, left) || equal(left, right),
    }
}

fn equal(left: Option<&Value>, right: Option<&Value>) -> bool {
    match (left, right) {
        (None, None) => true,
        (Some(a), Some(b)) => values_equal(a, b),
        _ => false,
    }
}

fn less(left: Option<&Value>, right: Option<&Value>) -> bool {
    match (left, right) {
        (Some(Value::Text(a)), Some(Value::Text(b))) => a < b,
        (Some(a), Some(b)) => number_cmp(a, b) == Some(Ordering::Less),
        _ => false,
    }
}

/// JSON equality: numbers by value, arrays element by element, maps by
/// their entries whatever their order, anything else by type and value.
pub(crate) fn values_equal(a: &Value, b: &Value) -> bool {
    if let Some(order) = number_cmp(a, b) {
        return order == Ordering::Equal;
    }
    match (a, b) {
        (Value::Text(x), Value::Text(y)) => x == y,
        (Value::Bytes(x), Value::Bytes(y)) => x == y,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Null, Value::Null) | (Value::Undefined, Value::Undefined) => true,
        (Value::Simple(x), Value::Simple(y)) => x == y,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| values_equal(p, q))
        }
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len()
                && x.iter().all(|(k, v)| {
                    y.iter()
                        .any(|(k2, v2)| values_equal(k, k2) && values_equal(v, v2))
                })
        }
        (Value::Tag(t, x), Value::Tag(u, y)) => t == u && values_equal(x, y),
        _ => false,
    }
}

/// The order of two numbers by value across integers and floats; `None`
/// when either is not a number (or is NaN).
fn number_cmp(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => Some(x.cmp(y)),
        (Value::Float(x), Value::Float(y)) => x.to_f64().partial_cmp(&y.to_f64()),
        (Value::Integer(x), Value::Float(y)) => int_float_cmp(*x, y.to_f64()),
        (Value::Float(x), Value::Integer(y)) => {
            int_float_cmp(*y, x.to_f64()).map(Ordering::reverse)
        }
        _ => None,
    }
}

/// An integer against a float, exactly when the float is integral and in
/// range (so that large integers are not rounded equal).
fn int_float_cmp(i: i128, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    // 2^126: integral floats below it convert to i128 exactly.
    let bound = 8.507_059_173_023_462e37;
    if f - libm_trunc(f) == 0.0 && f.abs() < bound {
        return Some(i.cmp(&(f as i128)));
    }
    (i as f64).partial_cmp(&f)
}

/// `f64::trunc` without `std`: the cast drops the fraction for floats
/// whose magnitude is below 2^126, which is all it is used for.
fn libm_trunc(f: f64) -> f64 {
    if f.abs() >= 8.507_059_173_023_462e37 {
        f
    } else {
        (f as i128) as f64
    }
}
