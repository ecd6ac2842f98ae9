//! The comparisons, tests, literals and function calls of filters, with
//! the well-typedness rules of RFC 9535 §2.4.3 applied as they are parsed.

use alloc::string::String;
use alloc::vec::Vec;

use super::ast::{Arg, Call, Comparable, Expr, Function, Op, Query, Type};
use super::parse::Parser;
use crate::error::Error;
use crate::Value;

/// What a primary of a filter is, before its use decides its type.
enum Primary {
    Literal(Value),
    Query(Query),
    Call(Call),
}

impl Parser {
    /// A comparison (`a op b`) or a test (a query, or a function whose
    /// result is logical or a node list).
    pub(super) fn comparison_or_test(&mut self) -> Result<Expr, Error> {
        let start = self.at;
        let left = self.primary()?;
        let before = self.at;
        self.blank();
        let Some(op) = self.op() else {
            self.at = before;
            return match left {
                Primary::Query(q) => Ok(Expr::Exists(q)),
                Primary::Call(call) if call.function.result() == Type::Logical => {
                    Ok(Expr::Test(call))
                }
                _ => {
                    self.at = start;
                    Err(self.fail("a test: a query or a function of logical result"))
                }
            };
        };
        self.blank();
        let left = self.comparable(left, start)?;
        let right_start = self.at;
        let right = self.primary()?;
        let right = self.comparable(right, right_start)?;
        Ok(Expr::Compare(left, op, right))
    }

    /// A test expression after `!`: a query or a logical function.
    pub(super) fn test(&mut self) -> Result<Expr, Error> {
        let start = self.at;
        match self.primary()? {
            Primary::Query(q) => Ok(Expr::Exists(q)),
            Primary::Call(call) if call.function.result() == Type::Logical => Ok(Expr::Test(call)),
            _ => {
                self.at = start;
                Err(self.fail("a test: a query or a function of logical result"))
            }
        }
    }

    fn op(&mut self) -> Option<Op> {
        for (text, op) in [
            ("==", Op::Eq),
            ("!=", Op::Ne),
            ("<=", Op::Le),
            (">=", Op::Ge),
            ("<", Op::Lt),
            (">", Op::Gt),
        ] {
            if self.eat_str(text) {
                return Some(op);
            }
        }
        None
    }

    /// A primary used as a comparable: a literal, a singular query, or a
    /// function of value result.
    fn comparable(&mut self, primary: Primary, start: usize) -> Result<Comparable, Error> {
        match primary {
            Primary::Literal(v) => Ok(Comparable::Literal(v)),
            Primary::Query(q) if q.is_singular() => Ok(Comparable::Query(q)),
            Primary::Call(call) if call.function.result() == Type::Value => {
                Ok(Comparable::Call(call))
            }
            _ => {
                self.at = start;
                Err(self.fail("a comparable: a literal, a singular query or a value function"))
            }
        }
    }

    fn primary(&mut self) -> Result<Primary, Error> {
        match self.peek() {
            Some('@') => {
                self.at += 1;
                let segments = self.segments()?;
                Ok(Primary::Query(Query {
                    relative: true,
                    segments,
                }))
            }
            Some('$') => {
                self.at += 1;
                let segments = self.segments()?;
                Ok(Primary::Query(Query {
                    relative: false,
                    segments,
                }))
            }
            Some('\'' | '"') => Ok(Primary::Literal(Value::Text(self.string()?))),
            Some('-' | '0'..='9') => Ok(Primary::Literal(self.number()?)),
            Some('a'..='z') => {
                for (word, value) in [
                    ("true", Value::Bool(true)),
                    ("false", Value::Bool(false)),
                    ("null", Value::Null),
                ] {
                    let n = word.len();
                    let next = self.peek_at(n);
                    let ends = !matches!(next, Some(c) if c.is_ascii_alphanumeric() || c == '_');
                    if ends && self.eat_str(word) {
                        return Ok(Primary::Literal(value));
                    }
                }
                self.call().map(Primary::Call)
            }
            _ => Err(self.fail("a literal, a query or a function")),
        }
    }

    /// A number literal: an integer (or `-0`), a fraction, an exponent.
    fn number(&mut self) -> Result<Value, Error> {
        let start = self.at;
        let mut text = String::new();
        if self.eat('-') {
            text.push('-');
        }
        let digits = self.at;
        while let Some(c @ '0'..='9') = self.peek() {
            text.push(c);
            self.at += 1;
        }
        let n = self.at - digits;
        if n == 0 || (n > 1 && self.chars[digits] == '0') {
            self.at = start;
            return Err(self.fail("a number"));
        }
        let mut float = false;
        if self.peek() == Some('.') {
            float = true;
            text.push('.');
            self.at += 1;
            if !self.digits(&mut text) {
                return Err(self.fail("digits after the decimal point"));
            }
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            float = true;
            text.push('e');
            self.at += 1;
            if let Some(c @ ('+' | '-')) = self.peek() {
                text.push(c);
                self.at += 1;
            }
            if !self.digits(&mut text) {
                return Err(self.fail("digits in the exponent"));
            }
        }
        if !float && text != "-0" {
            if let Ok(v) = text.parse::<i128>() {
                return Ok(Value::Integer(v));
            }
        }
        text.parse::<f64>()
            .map(Value::from)
            .map_err(|_| self.fail("a number"))
    }

    fn digits(&mut self, text: &mut String) -> bool {
        let from = self.at;
        while let Some(c @ '0'..='9') = self.peek() {
            text.push(c);
            self.at += 1;
        }
        self.at > from
    }

    /// A function call, its arguments checked against its parameters.
    fn call(&mut self) -> Result<Call, Error> {
        let start = self.at;
        let mut name = String::new();
        while let Some(c) = self.peek() {
            if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' {
                name.push(c);
                self.at += 1;
            } else {
                break;
            }
        }
        let Some(function) = Function::by_name(&name) else {
            self.at = start;
            return Err(self.fail("an unknown function"));
        };
        self.expect('(', "( after a function name")?;
        let mut args = Vec::new();
        self.blank();
        if !self.eat(')') {
            loop {
                self.blank();
                args.push(self.arg(function, args.len())?);
                self.blank();
                if self.eat(')') {
                    break;
                }
                self.expect(',', "a comma or ) after an argument")?;
            }
        }
        if args.len() != function.params().len() {
            self.at = start;
            return Err(self.fail("a wrong number of arguments"));
        }
        Ok(Call { function, args })
    }

    fn arg(&mut self, function: Function, i: usize) -> Result<Arg, Error> {
        let start = self.at;
        let Some(&param) = function.params().get(i) else {
            return Err(self.fail("a wrong number of arguments"));
        };
        let primary = self.primary()?;
        match (param, primary) {
            (Type::Nodes, Primary::Query(q)) => Ok(Arg::Nodes(q)),
            (Type::Value, primary) => self.comparable(primary, start).map(Arg::Value),
            _ => {
                self.at = start;
                Err(self.fail("an argument of the wrong type"))
            }
        }
    }
}
