//! The query grammar of RFC 9535: a recursive-descent parser over the
//! query's characters, to the tree of [`super::ast`]. Error offsets are
//! character positions in the query.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::ast::{Expr, Query, Segment, Selector};
use crate::error::{Error, ErrorKind};

/// The largest integer an index or slice bound may be (I-JSON's exact
/// range, §2.1).
const MAX_INT: i64 = (1 << 53) - 1;

/// How deeply filters and parentheses may nest, so that a hostile query
/// cannot overflow the parser's stack.
const MAX_NESTING: usize = 128;

/// The state of a parse: the query's characters, the next position, and
/// how many logical expressions are open.
pub(crate) struct Parser {
    pub chars: Vec<char>,
    pub at: usize,
    nesting: usize,
}

impl Parser {
    pub fn new(text: &str) -> Parser {
        Parser {
            chars: text.chars().collect(),
            at: 0,
            nesting: 0,
        }
    }

    pub fn fail(&self, why: &'static str) -> Error {
        Error::new(ErrorKind::BadPath(why), self.at)
    }

    pub fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    pub fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    pub fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    pub fn eat_str(&mut self, s: &str) -> bool {
        let n = s.chars().count();
        if self.chars.len() >= self.at + n
            && s.chars()
                .eq(self.chars[self.at..self.at + n].iter().copied())
        {
            self.at += n;
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, c: char, why: &'static str) -> Result<(), Error> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.fail(why))
        }
    }

    /// Blank space (§2.1): space, tab, line feed, carriage return.
    pub fn blank(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\n' | '\r')) {
            self.at += 1;
        }
    }

    /// A whole query: `$` and segments, nothing after.
    pub fn query_text(mut self) -> Result<Query, Error> {
        if !self.eat('$') {
            return Err(self.fail("a query starts with $"));
        }
        let segments = self.segments()?;
        if self.at != self.chars.len() {
            return Err(self.fail("unexpected character"));
        }
        Ok(Query {
            relative: false,
            segments,
        })
    }

    /// Segments after `$` or `@`, each possibly after blank space; blank
    /// space not followed by a segment is left for the caller.
    pub fn segments(&mut self) -> Result<Vec<Segment>, Error> {
        let mut segments = Vec::new();
        loop {
            let before = self.at;
            self.blank();
            match self.peek() {
                Some('.') if self.peek_at(1) == Some('.') => {
                    self.at += 2;
                    let selectors = match self.peek() {
                        Some('[') => self.bracketed()?,
                        Some('*') => {
                            self.at += 1;
                            alloc::vec![Selector::Wildcard]
                        }
                        _ => alloc::vec![Selector::Name(self.shorthand()?)],
                    };
                    segments.push(Segment::Descendant(selectors));
                }
                Some('.') => {
                    self.at += 1;
                    if self.eat('*') {
                        segments.push(Segment::Child(alloc::vec![Selector::Wildcard]));
                    } else {
                        segments.push(Segment::Child(alloc::vec![Selector::Name(
                            self.shorthand()?
                        )]));
                    }
                }
                Some('[') => segments.push(Segment::Child(self.bracketed()?)),
                _ => {
                    self.at = before;
                    return Ok(segments);
                }
            }
        }
    }

    /// A member name shorthand (`.name`).
    fn shorthand(&mut self) -> Result<String, Error> {
        let first = |c: char| c.is_ascii_alphabetic() || c == '_' || !c.is_ascii();
        match self.peek() {
            Some(c) if first(c) => {}
            _ => return Err(self.fail("a name, * or [ after .")),
        }
        let mut name = String::new();
        while let Some(c) = self.peek() {
            if first(c) || c.is_ascii_digit() {
                name.push(c);
                self.at += 1;
            } else {
                break;
            }
        }
        Ok(name)
    }

    /// `[` selectors separated by commas `]`.
    fn bracketed(&mut self) -> Result<Vec<Selector>, Error> {
        self.expect('[', "[")?;
        let mut selectors = Vec::new();
        loop {
            self.blank();
            selectors.push(self.selector()?);
            self.blank();
            if self.eat(']') {
                return Ok(selectors);
            }
            self.expect(',', "a comma or ] after a selector")?;
        }
    }

    fn selector(&mut self) -> Result<Selector, Error> {
        match self.peek() {
            Some('\'' | '"') => Ok(Selector::Name(self.string()?)),
            Some('*') => {
                self.at += 1;
                Ok(Selector::Wildcard)
            }
            Some('?') => {
                self.at += 1;
                self.blank();
                Ok(Selector::Filter(self.logical()?))
            }
            Some(':') => self.slice(None),
            Some('-' | '0'..='9') => {
                let first = self.int()?;
                self.blank();
                if self.peek() == Some(':') {
                    self.slice(Some(first))
                } else {
                    Ok(Selector::Index(first))
                }
            }
            _ => Err(self.fail("a selector")),
        }
    }

    /// The rest of a slice from its first colon.
    fn slice(&mut self, start: Option<i64>) -> Result<Selector, Error> {
        self.expect(':', ":")?;
        self.blank();
        let end = self.optional_int()?;
        self.blank();
        let mut step = None;
        if self.eat(':') {
            self.blank();
            step = self.optional_int()?;
        }
        Ok(Selector::Slice { start, end, step })
    }

    fn optional_int(&mut self) -> Result<Option<i64>, Error> {
        match self.peek() {
            Some('-' | '0'..='9') => self.int().map(Some),
            _ => Ok(None),
        }
    }

    /// An integer: no leading zeros, no `-0`, within ±(2^53 − 1).
    pub fn int(&mut self) -> Result<i64, Error> {
        let start = self.at;
        let negative = self.eat('-');
        let digits = self.at;
        while matches!(self.peek(), Some('0'..='9')) {
            self.at += 1;
        }
        let n = self.at - digits;
        if n == 0 {
            return Err(self.fail("a digit"));
        }
        if self.chars[digits] == '0' && (n > 1 || negative) {
            self.at = start;
            return Err(self.fail("an integer without leading zeros"));
        }
        let text: String = self.chars[digits..self.at].iter().collect();
        let value = match text.parse::<i64>() {
            Ok(v) if v <= MAX_INT => v,
            _ => {
                self.at = start;
                return Err(self.fail("an integer within ±(2^53 − 1)"));
            }
        };
        Ok(if negative { -value } else { value })
    }

    /// A quoted string literal with the escapes of §2.3.1.1.
    pub fn string(&mut self) -> Result<String, Error> {
        let quote = self.peek().ok_or_else(|| self.fail("a string"))?;
        self.at += 1;
        let mut out = String::new();
        loop {
            let c = self
                .peek()
                .ok_or_else(|| self.fail("an unterminated string"))?;
            self.at += 1;
            match c {
                c if c == quote => return Ok(out),
                '\\' => out.push(self.escape(quote)?),
                c if (c as u32) < 0x20 => {
                    self.at -= 1;
                    return Err(self.fail("a control character in a string"));
                }
                c => out.push(c),
            }
        }
    }

    fn escape(&mut self, quote: char) -> Result<char, Error> {
        let c = self.peek().ok_or_else(|| self.fail("an escape"))?;
        self.at += 1;
        Ok(match c {
            'b' => '\u{8}',
            'f' => '\u{c}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            '/' => '/',
            '\\' => '\\',
            c if c == quote => c,
            'u' => {
                let high = self.hex4()?;
                if (0xDC00..0xE000).contains(&high) {
                    return Err(self.fail("a lone low surrogate"));
                }
                if (0xD800..0xDC00).contains(&high) {
                    if !self.eat_str("\\u") {
                        return Err(self.fail("a high surrogate without its pair"));
                    }
                    let low = self.hex4()?;
                    if !(0xDC00..0xE000).contains(&low) {
                        return Err(self.fail("a high surrogate without its pair"));
                    }
                    let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                    return char::from_u32(code).ok_or_else(|| self.fail("an escape"));
                }
                return char::from_u32(high).ok_or_else(|| self.fail("an escape"));
            }
            _ => {
                self.at -= 1;
                return Err(self.fail("an escape"));
            }
        })
    }

    fn hex4(&mut self) -> Result<u32, Error> {
        let mut v = 0;
        for _ in 0..4 {
            let d = self.peek().and_then(|c| c.to_digit(16));
            let d = d.ok_or_else(|| self.fail("four hex digits"))?;
            self.at += 1;
            v = v * 16 + d;
        }
        Ok(v)
    }

    /// `logical-or-expr`.
    pub fn logical(&mut self) -> Result<Expr, Error> {
        if self.nesting >= MAX_NESTING {
            return Err(self.fail("filters nested too deeply"));
        }
        self.nesting += 1;
        let expr = self.or();
        self.nesting -= 1;
        expr
    }

    fn or(&mut self) -> Result<Expr, Error> {
        let mut terms = alloc::vec![self.and()?];
        loop {
            let before = self.at;
            self.blank();
            if self.eat_str("||") {
                self.blank();
                terms.push(self.and()?);
            } else {
                self.at = before;
                break;
            }
        }
        Ok(if terms.len() == 1 {
            terms.pop().expect("one term")
        } else {
            Expr::Or(terms)
        })
    }

    fn and(&mut self) -> Result<Expr, Error> {
        let mut terms = alloc::vec![self.basic()?];
        loop {
            let before = self.at;
            self.blank();
            if self.eat_str("&&") {
                self.blank();
                terms.push(self.basic()?);
            } else {
                self.at = before;
                break;
            }
        }
        Ok(if terms.len() == 1 {
            terms.pop().expect("one term")
        } else {
            Expr::And(terms)
        })
    }

    /// `basic-expr`: a parenthesized expression, a test or a comparison,
    /// each possibly negated.
    fn basic(&mut self) -> Result<Expr, Error> {
        if self.eat('!') {
            self.blank();
            let inner = if self.peek() == Some('(') {
                self.paren()?
            } else {
                self.test()?
            };
            return Ok(Expr::Not(Box::new(inner)));
        }
        if self.peek() == Some('(') {
            return self.paren();
        }
        self.comparison_or_test()
    }

    fn paren(&mut self) -> Result<Expr, Error> {
        self.expect('(', "(")?;
        self.blank();
        let inner = self.logical()?;
        self.blank();
        self.expect(')', "a closing )")?;
        Ok(inner)
    }
}
