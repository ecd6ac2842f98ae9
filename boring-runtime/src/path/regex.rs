//! A backtracking matcher for I-Regexp (RFC 9485), the regular expressions
//! of `match()` and `search()`: branches, groups, quantifiers, `.`,
//! `^` and `$` anchors, character classes and escapes, and Unicode categories approximated by
//! the character properties `core` knows.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::unicode::category;

/// A parsed I-Regexp.
pub(crate) struct Regex {
    branches: Vec<Vec<Atom>>,
}

/// Piece of a branch: what one position matches, possibly repeated.
enum Atom {
    Char(char),
    /// `.`: any character but a line feed or carriage return.
    Dot,
    Class {
        negated: bool,
        items: Vec<Item>,
    },
    Category {
        negated: bool,
        name: Box<str>,
    },
    /// `^` and `$`: the start and the end of the text.
    Start,
    End,
    Group(Vec<Vec<Atom>>),
    Repeat {
        atom: Box<Atom>,
        min: u32,
        max: Option<u32>,
    },
}

/// One member of a character class.
enum Item {
    Range(char, char),
    Category { negated: bool, name: Box<str> },
}

/// How many steps a match may take before it gives up, so that a
/// pathological pattern cannot run away.
const BUDGET: u32 = 1_000_000;

/// How deep the matcher may recurse (a group repeated once per level; runs
/// of one-character atoms loop instead), so that a long text cannot
/// overflow the stack.
const MAX_DEPTH: u32 = 1_000;

impl Regex {
    /// The regex of `pattern`; `None` when it is not a valid I-Regexp.
    pub fn new(pattern: &str) -> Option<Regex> {
        let chars: Vec<char> = pattern.chars().collect();
        let mut at = 0;
        let branches = alternation(&chars, &mut at)?;
        (at == chars.len()).then_some(Regex { branches })
    }

    /// Whether the whole of `text` matches; `None` when the match ran out
    /// of steps or depth before it could tell. The steps it took come
    /// with the answer, for the query's own count.
    pub fn is_full_match(&self, text: &str) -> (Option<bool>, usize) {
        let text: Vec<char> = text.chars().collect();
        let mut m = Matcher::new(&text);
        let found = m.alternatives(&self.branches, 0, &mut |j, _| j == text.len());
        m.answer(found)
    }

    /// Whether some substring of `text` matches; `None` and the steps as
    /// for [`Regex::is_full_match`].
    pub fn is_found_in(&self, text: &str) -> (Option<bool>, usize) {
        let text: Vec<char> = text.chars().collect();
        let mut m = Matcher::new(&text);
        let found = (0..=text.len()).any(|i| m.alternatives(&self.branches, i, &mut |_, _| true));
        m.answer(found)
    }
}

fn alternation(p: &[char], at: &mut usize) -> Option<Vec<Vec<Atom>>> {
    let mut branches = alloc::vec![branch(p, at)?];
    while p.get(*at) == Some(&'|') {
        *at += 1;
        branches.push(branch(p, at)?);
    }
    Some(branches)
}

fn branch(p: &[char], at: &mut usize) -> Option<Vec<Atom>> {
    let mut atoms = Vec::new();
    while let Some(&c) = p.get(*at) {
        let atom = match c {
            '|' | ')' => break,
            '(' => {
                *at += 1;
                let inner = alternation(p, at)?;
                if p.get(*at) != Some(&')') {
                    return None;
                }
                *at += 1;
                Atom::Group(inner)
            }
            '.' => {
                *at += 1;
                Atom::Dot
            }
            '^' => {
                *at += 1;
                Atom::Start
            }
            '$' => {
                *at += 1;
                Atom::End
            }
            '[' => {
                *at += 1;
                class(p, at)?
            }
            '\\' => {
                *at += 1;
                match escape(p, at)? {
                    Item::Range(c, _) => Atom::Char(c),
                    Item::Category { negated, name } => Atom::Category { negated, name },
                }
            }
            '*' | '+' | '?' | '{' | ']' | '}' => return None,
            c => {
                *at += 1;
                Atom::Char(c)
            }
        };
        atoms.push(quantified(p, at, atom)?);
    }
    Some(atoms)
}

/// The atom with the quantifier that follows it, if any.
fn quantified(p: &[char], at: &mut usize, atom: Atom) -> Option<Atom> {
    let (min, max) = match p.get(*at) {
        Some('*') => (0, None),
        Some('+') => (1, None),
        Some('?') => (0, Some(1)),
        Some('{') => {
            *at += 1;
            let min = number(p, at)?;
            let max = if p.get(*at) == Some(&',') {
                *at += 1;
                if p.get(*at) == Some(&'}') {
                    None
                } else {
                    Some(number(p, at)?)
                }
            } else {
                Some(min)
            };
            if p.get(*at) != Some(&'}') || max.is_some_and(|m| m < min) {
                return None;
            }
            (min, max)
        }
        _ => return Some(atom),
    };
    *at += 1;
    Some(Atom::Repeat {
        atom: Box::new(atom),
        min,
        max,
    })
}

fn number(p: &[char], at: &mut usize) -> Option<u32> {
    let from = *at;
    let mut n: u32 = 0;
    while let Some(d) = p.get(*at).and_then(|c| c.to_digit(10)) {
        n = n.checked_mul(10)?.checked_add(d)?;
        *at += 1;
    }
    (*at > from).then_some(n)
}

/// An escape after its backslash: a character, or a category.
fn escape(p: &[char], at: &mut usize) -> Option<Item> {
    let c = *p.get(*at)?;
    *at += 1;
    let single = |c| Some(Item::Range(c, c));
    match c {
        'n' => single('\n'),
        'r' => single('\r'),
        't' => single('\t'),
        '(' | ')' | '*' | '+' | '-' | '.' | '?' | '[' | '\\' | ']' | '^' | '{' | '|' | '}' => {
            single(c)
        }
        'p' | 'P' => {
            if p.get(*at) != Some(&'{') {
                return None;
            }
            let end = (*at..p.len()).find(|&i| p[i] == '}')?;
            let name: alloc::string::String = p[*at + 1..end].iter().collect();
            *at = end + 1;
            category(&name, 'a')?;
            Some(Item::Category {
                negated: c == 'P',
                name: name.into(),
            })
        }
        _ => None,
    }
}

/// A class after its `[`, through its `]`.
fn class(p: &[char], at: &mut usize) -> Option<Atom> {
    let negated = p.get(*at) == Some(&'^');
    if negated {
        *at += 1;
    }
    let mut items = Vec::new();
    loop {
        let c = *p.get(*at)?;
        if c == ']' && !items.is_empty() {
            *at += 1;
            return Some(Atom::Class { negated, items });
        }
        *at += 1;
        let low = match c {
            '\\' => escape(p, at)?,
            '[' | ']' => return None,
            c => Item::Range(c, c),
        };
        let Item::Range(low, _) = low else {
            items.push(low);
            continue;
        };
        if p.get(*at) == Some(&'-') && p.get(*at + 1).is_some_and(|&c| c != ']') {
            *at += 1;
            let c = *p.get(*at)?;
            *at += 1;
            let high = match c {
                '\\' => match escape(p, at)? {
                    Item::Range(h, _) => h,
                    Item::Category { .. } => return None,
                },
                '[' | ']' => return None,
                c => c,
            };
            if high < low {
                return None;
            }
            items.push(Item::Range(low, high));
        } else {
            items.push(Item::Range(low, low));
        }
    }
}

/// The state of one match: the text, the steps left, the depth, and
/// whether a limit was hit (a failure then says nothing).
struct Matcher<'t> {
    text: &'t [char],
    budget: u32,
    depth: u32,
    exhausted: bool,
}

/// What follows a piece: called with the position after it.
type Next<'k> = dyn FnMut(usize, &mut Matcher<'_>) -> bool + 'k;

impl<'t> Matcher<'t> {
    fn new(text: &'t [char]) -> Matcher<'t> {
        Matcher {
            text,
            budget: BUDGET,
            depth: 0,
            exhausted: false,
        }
    }

    /// The answer of a match that found `found`, and the steps it took.
    fn answer(&self, found: bool) -> (Option<bool>, usize) {
        let steps = (BUDGET - self.budget) as usize;
        ((found || !self.exhausted).then_some(found), steps)
    }

    fn alternatives(&mut self, branches: &[Vec<Atom>], i: usize, k: &mut Next<'_>) -> bool {
        branches.iter().any(|b| self.sequence(b, i, k))
    }

    fn sequence(&mut self, atoms: &[Atom], i: usize, k: &mut Next<'_>) -> bool {
        if self.budget == 0 || self.depth >= MAX_DEPTH {
            self.exhausted = true;
            return false;
        }
        self.budget -= 1;
        self.depth += 1;
        let found = self.step(atoms, i, k);
        self.depth -= 1;
        found
    }

    fn step(&mut self, mut atoms: &[Atom], mut i: usize, k: &mut Next<'_>) -> bool {
        // A run of one-character atoms needs no backtracking: a loop.
        while let Some((first, rest)) = atoms.split_first() {
            if !is_single(first) {
                break;
            }
            match self.text.get(i) {
                Some(&c) if one(first, c) => {
                    atoms = rest;
                    i += 1;
                }
                _ => return false,
            }
        }
        let Some((first, rest)) = atoms.split_first() else {
            return k(i, self);
        };
        match first {
            Atom::Repeat { atom, min, max } if is_single(atom) => {
                // As many as fit, then fewer: greedy, by a loop.
                let limit = max.map_or(usize::MAX, |m| m as usize);
                let mut n = 0;
                while n < limit && self.text.get(i + n).is_some_and(|&c| one(atom, c)) {
                    n += 1;
                }
                let min = *min as usize;
                n >= min && (min..=n).rev().any(|n| self.sequence(rest, i + n, k))
            }
            Atom::Group(branches) => {
                self.alternatives(branches, i, &mut |j, m: &mut Matcher<'_>| {
                    m.sequence(rest, j, k)
                })
            }
            Atom::Repeat { atom, min, max } => self.repeat(atom, *min, *max, 0, i, rest, k),
            Atom::Start => i == 0 && self.sequence(rest, i, k),
            Atom::End => i == self.text.len() && self.sequence(rest, i, k),
            _ => false,
        }
    }

    /// `atom` repeated greedily, `done` times so far, then `rest`.
    #[allow(clippy::too_many_arguments)]
    fn repeat(
        &mut self,
        atom: &Atom,
        min: u32,
        max: Option<u32>,
        done: u32,
        i: usize,
        rest: &[Atom],
        k: &mut Next<'_>,
    ) -> bool {
        if max.is_none_or(|m| done < m) {
            let more = self.sequence(core::slice::from_ref(atom), i, &mut |j,
                                                                           m: &mut Matcher<
                '_,
            >| {
                // An empty iteration past the minimum cannot help.
                (j > i || done < min) && m.repeat(atom, min, max, done + 1, j, rest, k)
            });
            if more {
                return true;
            }
        }
        done >= min && self.sequence(rest, i, k)
    }
}

/// Whether the atom matches exactly one character.
fn is_single(atom: &Atom) -> bool {
    matches!(
        atom,
        Atom::Char(_) | Atom::Dot | Atom::Class { .. } | Atom::Category { .. }
    )
}

/// Whether the one-character atom matches `c`.
fn one(atom: &Atom, c: char) -> bool {
    match atom {
        Atom::Char(x) => *x == c,
        Atom::Dot => c != '\n' && c != '\r',
        Atom::Category { negated, name } => category(name, c) == Some(!negated),
        Atom::Class { negated, items } => {
            let inside = items.iter().any(|item| match item {
                Item::Range(low, high) => (*low..=*high).contains(&c),
                Item::Category { negated, name } => category(name, c) == Some(!negated),
            });
            inside != *negated
        }
        Atom::Group(_) | Atom::Repeat { .. } | Atom::Start | Atom::End => false,
    }
}
