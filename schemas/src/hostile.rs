//! Adversarial documents, built byte by byte, against the decoder's memory
//! and time bounds: shared by the robustness tests (small sizes) and the
//! `hostile` example (the sizes `docs/SECURITY.md` measures).

/// The shortest head of `major` (its top three bits, e.g. `0x80` for an
/// array) with argument `arg`.
pub fn head(major: u8, arg: u64) -> Vec<u8> {
    let mut out = vec![0u8];
    let info = match arg {
        0..=23 => arg as u8,
        24..=0xff => {
            out.push(arg as u8);
            24
        }
        0x100..=0xffff => {
            out.extend((arg as u16).to_be_bytes());
            25
        }
        0x1_0000..=0xffff_ffff => {
            out.extend((arg as u32).to_be_bytes());
            26
        }
        _ => {
            out.extend(arg.to_be_bytes());
            27
        }
    };
    out[0] = major | info;
    out
}

/// One text key of `key_len` bytes (`k`s) and `rows` one-cell rows, as a
/// columnar table (tag 39653, one plain column of zeros) or a shaped array
/// (tag 39649): expanding either copies the key into every row.
pub fn one_key_table(columns: bool, key_len: usize, rows: u64) -> Vec<u8> {
    let mut doc = if columns {
        vec![0xd9, 0x9a, 0xe5, 0x83, 0x81]
    } else {
        vec![0xd9, 0x9a, 0xe1, 0x82, 0x81]
    };
    doc.extend(head(0x60, key_len as u64));
    doc.extend(std::iter::repeat_n(b'k', key_len));
    if columns {
        doc.extend(head(0x00, rows));
        doc.push(0x81);
        doc.extend(head(0x80, rows));
        doc.extend(std::iter::repeat_n(0u8, rows as usize));
    } else {
        doc.extend(head(0x80, rows));
        for _ in 0..rows {
            doc.extend([0x81, 0x00]);
        }
    }
    doc
}

/// `levels` arrays, each declaring as many elements as bytes are left, then
/// a break and `padding` bytes: every count passes the bytes-left check, so
/// reserving for each would multiply.
pub fn nested_counts(levels: usize, padding: usize) -> Vec<u8> {
    let len = levels * 5 + 1 + padding;
    let mut doc = Vec::with_capacity(len);
    for i in 0..levels {
        doc.push(0x9a);
        doc.extend(((len - 5 * (i + 1)) as u32).to_be_bytes());
    }
    doc.push(0xff);
    doc.resize(len, 0);
    doc
}

/// A map of `keys` distinct integer keys, then key 0 again: one duplicate,
/// found late.
pub fn late_duplicate(keys: u64) -> Vec<u8> {
    let mut doc = head(0xa0, keys + 1);
    for i in 0..keys {
        doc.extend(head(0x00, i));
        doc.push(0x00);
    }
    doc.extend([0x00, 0x01]);
    doc
}

#[cfg(test)]
mod tests {
    use super::head;

    #[test]
    fn heads_are_shortest() {
        assert_eq!(head(0x80, 23), [0x97]);
        assert_eq!(head(0x80, 24), [0x98, 24]);
        assert_eq!(head(0x00, 0x100), [0x19, 0x01, 0x00]);
        assert_eq!(head(0x60, 0x1_0000), [0x7a, 0, 1, 0, 0]);
        assert_eq!(head(0xa0, 1 << 32), [0xbb, 0, 0, 0, 1, 0, 0, 0, 0]);
    }
}
