//! The files of a table: listing them, reading them (unsealing a
//! `boring-codec` file), and walking their items once at registration for
//! row counts, item boundaries and the schema.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use boring::nav::Kind;
use boring::seq::{SeqEnd, SeqReader};
use boring_arrow::{Guess, SchemaGuess, Table};
use boring_codec::header::MAGIC;
use boring_codec::Codec;

use crate::error::ReadError;
use crate::options::BoringReadOptions;

/// One top-level item of a file.
#[derive(Debug, Clone)]
pub(crate) struct ItemMeta {
    /// Where it starts and ends in the (decoded) file.
    pub(crate) start: u64,
    pub(crate) end: u64,
    /// Its rows: a table's row count from its head, 1 for a record.
    pub(crate) rows: usize,
    /// A table (an array of maps in any form) rather than one record.
    pub(crate) table: bool,
    /// Where a columnar table's columns start in it, found when the file
    /// is registered, so that a scan reaches the columns it needs without
    /// walking the ones before them.
    pub(crate) columns: Option<Box<[usize]>>,
}

/// A file as it was at registration.
#[derive(Debug)]
pub(crate) struct FileMeta {
    pub(crate) path: PathBuf,
    pub(crate) len: u64,
    pub(crate) modified: Option<SystemTime>,
    /// Behind a `boring-codec` header: read whole and decoded.
    pub(crate) sealed: bool,
    pub(crate) items: Vec<ItemMeta>,
}

impl FileMeta {
    pub(crate) fn rows(&self) -> usize {
        self.items.iter().map(|i| i.rows).sum()
    }
}

/// The files `path` names: itself, or the files of a directory (and its
/// subdirectories) in name order.
pub(crate) fn list(path: &Path, options: &BoringReadOptions) -> Result<Vec<PathBuf>, ReadError> {
    let io = |source| ReadError::Io {
        path: path.to_owned(),
        source,
    };
    if path.metadata().map_err(io)?.is_file() {
        return Ok(vec![path.to_owned()]);
    }
    let mut files = Vec::new();
    let mut dirs = vec![path.to_owned()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).map_err(io)? {
            let entry = entry.map_err(io)?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') {
                continue;
            }
            let kind = entry.file_type().map_err(io)?;
            if kind.is_dir() {
                dirs.push(entry.path());
            } else if options
                .extension
                .as_ref()
                .is_none_or(|e| name.ends_with(e.as_str()))
            {
                files.push(entry.path());
            }
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(ReadError::NoFiles {
            path: path.to_owned(),
        });
    }
    Ok(files)
}

/// The whole file, unsealed when it starts with a `boring-codec` header.
pub(crate) fn load(path: &Path, options: &BoringReadOptions) -> Result<(Vec<u8>, bool), ReadError> {
    let bytes = std::fs::read(path).map_err(|source| ReadError::Io {
        path: path.to_owned(),
        source,
    })?;
    if !bytes.starts_with(&MAGIC) {
        return Ok((bytes, false));
    }
    let mut codec = Codec::from_header(&bytes)
        .map_err(codec_err(path))?
        .with_max_output(options.max_decoded_bytes);
    Ok((codec.decode(&bytes).map_err(codec_err(path))?, true))
}

fn codec_err(path: &Path) -> impl Fn(boring_codec::Error) -> ReadError + '_ {
    move |source| ReadError::Codec {
        path: path.to_owned(),
        source,
    }
}

/// Walks the items of a loaded file: their boundaries and rows, and what
/// their columns show (the first table, or the first records).
pub(crate) fn scan(
    path: &Path,
    data: &[u8],
    sealed: bool,
    options: &BoringReadOptions,
) -> Result<(FileMeta, SchemaGuess), ReadError> {
    let meta = std::fs::metadata(path).map_err(|source| ReadError::Io {
        path: path.to_owned(),
        source,
    })?;
    let mut items = Vec::new();
    let mut guess = SchemaGuess::new();
    let mut guessed_table = false;
    let mut records = 0;
    let mut reader = SeqReader::new(data);
    for item in reader.by_ref() {
        let start = item.offset().unwrap_or(0) as u64;
        let item_err = |source| ReadError::Item {
            path: path.to_owned(),
            offset: start,
            source,
        };
        let bytes = item.bytes().map_err(item_err)?;
        let end = start + bytes.len() as u64;
        let convert = |source| ReadError::Convert {
            path: path.to_owned(),
            offset: start,
            source,
        };
        match item.kind().map_err(item_err)? {
            Kind::Map => {
                if records < options.infer_records && options.schema.is_none() {
                    let value = item.to_value().map_err(item_err)?;
                    let record = Guess::of_value(&value, "").map_err(convert)?;
                    if let Guess::Struct(fields) = record {
                        for (name, g) in fields {
                            guess.add(&name, g).map_err(convert)?;
                        }
                    }
                }
                records += 1;
                items.push(ItemMeta {
                    start,
                    end,
                    rows: 1,
                    table: false,
                    columns: None,
                });
            }
            Kind::Array => {
                let rows = item.len().map_err(item_err)?;
                if !guessed_table && options.schema.is_none() {
                    let table = Table::open(bytes).map_err(convert)?;
                    guess
                        .merge(table.guess().map_err(convert)?)
                        .map_err(convert)?;
                    guessed_table = true;
                }
                items.push(ItemMeta {
                    start,
                    end,
                    rows,
                    table: true,
                    columns: Table::locate_columns(bytes)
                        .map_err(convert)?
                        .map(Vec::into_boxed_slice),
                });
            }
            _ => {
                return Err(convert(boring_arrow::Error::NotATable {
                    offset: 0,
                    found: "an item that is neither a table nor a record",
                }))
            }
        }
    }
    match reader.end() {
        Some(SeqEnd::Torn { offset }) => {
            return Err(ReadError::Torn {
                path: path.to_owned(),
                offset: *offset,
            })
        }
        Some(SeqEnd::Corrupt(e)) => {
            return Err(ReadError::Item {
                path: path.to_owned(),
                offset: e.offset().unwrap_or(0) as u64,
                source: e.clone(),
            })
        }
        _ => {}
    }
    let file = FileMeta {
        path: path.to_owned(),
        len: meta.len(),
        modified: meta.modified().ok(),
        sealed,
        items,
    };
    Ok((file, guess))
}

/// The bytes of items `first..=last` of `file`, and the offset of the
/// first of them: read by range from a plain file, decoded whole from a
/// sealed one.
pub(crate) fn read_items(
    file: &FileMeta,
    first: usize,
    last: usize,
    options: &BoringReadOptions,
) -> Result<(Vec<u8>, u64), ReadError> {
    let io = |source| ReadError::Io {
        path: file.path.clone(),
        source,
    };
    let changed = || ReadError::Changed {
        path: file.path.clone(),
    };
    check_unchanged(file)?;
    let (Some(a), Some(b)) = (file.items.get(first), file.items.get(last)) else {
        return Ok((Vec::new(), 0));
    };
    if file.sealed {
        let (data, _) = load(&file.path, options)?;
        let range = data
            .get(a.start as usize..b.end as usize)
            .ok_or_else(changed)?;
        return Ok((range.to_vec(), a.start));
    }
    let mut f = File::open(&file.path).map_err(io)?;
    f.seek(SeekFrom::Start(a.start)).map_err(io)?;
    let mut buf = vec![0; (b.end - a.start) as usize];
    f.read_exact(&mut buf).map_err(io)?;
    Ok((buf, a.start))
}

/// Refuses a file whose length or modification time is not what it was at
/// registration: its item boundaries would no longer hold.
fn check_unchanged(file: &FileMeta) -> Result<(), ReadError> {
    let meta = std::fs::metadata(&file.path).map_err(|source| ReadError::Io {
        path: file.path.clone(),
        source,
    })?;
    if meta.len() != file.len || meta.modified().ok() != file.modified {
        return Err(ReadError::Changed {
            path: file.path.clone(),
        });
    }
    Ok(())
}

/// A columnar table item of a plain file with only the columns `wanted`
/// accepts (by key) read in: the table's head (tag, keys, row count) and
/// those columns land at their offsets in a buffer of the item's length,
/// and the rest of it stays zero. A large zeroed allocation is mapped
/// lazily, so the columns not read cost neither I/O nor memory traffic.
pub(crate) fn read_columns(
    file: &FileMeta,
    item: &ItemMeta,
    starts: &[usize],
    wanted: impl Fn(&str) -> bool,
) -> Result<Vec<u8>, ReadError> {
    check_unchanged(file)?;
    let io = |source| ReadError::Io {
        path: file.path.clone(),
        source,
    };
    let convert = |source| ReadError::Convert {
        path: file.path.clone(),
        offset: item.start,
        source,
    };
    let len = (item.end - item.start) as usize;
    let mut buf = vec![0; len];
    let mut f = File::open(&file.path).map_err(io)?;
    let mut read = |range: std::ops::Range<usize>, buf: &mut [u8]| -> Result<(), ReadError> {
        let part = buf
            .get_mut(range.clone())
            .ok_or_else(|| ReadError::Changed {
                path: file.path.clone(),
            })?;
        f.seek(SeekFrom::Start(item.start + range.start as u64))
            .map_err(io)?;
        f.read_exact(part).map_err(io)
    };
    read(0..starts.first().copied().unwrap_or(len), &mut buf)?;
    let keys = Table::open_at(&buf, starts)
        .map_err(convert)?
        .keys()
        .to_vec();
    for (i, key) in keys.iter().enumerate() {
        if wanted(key) {
            let end = starts.get(i + 1).copied().unwrap_or(len);
            read(starts[i]..end, &mut buf)?;
        }
    }
    Ok(buf)
}
