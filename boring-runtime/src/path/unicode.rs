//! Unicode general categories for I-Regexp's `\p{..}`, as far as the
//! character properties of `core` tell them apart (the crate carries no
//! Unicode tables).

/// Whether `c` is in the Unicode general category `name` (as `core`'s
/// character properties approximate it); `None` for an unknown name.
pub(crate) fn category(name: &str, c: char) -> Option<bool> {
    let letter = c.is_alphabetic() && !c.is_numeric();
    Some(match name {
        "L" => letter,
        "Lu" | "Lt" => c.is_uppercase(),
        "Ll" => c.is_lowercase(),
        "Lm" | "Lo" => letter && !c.is_uppercase() && !c.is_lowercase(),
        "N" | "Nd" | "Nl" | "No" => c.is_numeric(),
        "Z" | "Zs" => c.is_whitespace() && !c.is_control(),
        "Zl" => c == '\u{2028}',
        "Zp" => c == '\u{2029}',
        "C" | "Cc" => c.is_control(),
        "P" | "S" | "M" | "Cf" | "Co" | "Cn" | "Cs" | "Mn" | "Mc" | "Me" | "Pc" | "Pd" | "Ps"
        | "Pe" | "Pi" | "Pf" | "Po" | "Sm" | "Sc" | "Sk" | "So" => {
            let other = !c.is_alphanumeric() && !c.is_whitespace() && !c.is_control();
            other && (name.starts_with('P') == c.is_ascii_punctuation() || !c.is_ascii())
        }
        _ => return None,
    })
}
