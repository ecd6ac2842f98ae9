//! `boring query`: the items a JSONPath query selects, as JSON lines.

use std::io::{self, Write};

use boring::nav::{Cursor, Indexed};
use boring::path::Path;
use boring::{ErrorKind, Options, Profile, Reader, Value};

use crate::args::QueryArgs;
use crate::failure::Failure;
use crate::input;

/// `boring query`: each match as one line of JSON (or its normalized path
/// with `--paths`), in document order.
pub(crate) fn query(args: &QueryArgs) -> Result<(), Failure> {
    // The query is checked before any input is read: a bad one is a usage
    // error whatever the data.
    let path = Path::parse(&args.path)
        .map_err(|e| Failure::Usage(format!("invalid JSONPath {:?}: {e}", args.path)))?
        .max_steps(args.max_steps);
    let input = input::read(&args.input)?;
    let indexed = Indexed::new(&input);
    let lines = match lines(args, &path, indexed.root()?) {
        Err(Failure::Data(e)) if e.kind() == &ErrorKind::BadStringref => {
            // Stringrefs without an index to resolve them: the first item
            // decoded (which resolves them) and written again without.
            let value = boring::decode_document::<Value>(&mut Reader::new(&input))?;
            let plain = boring::to_vec_with(&value, &Options::from(Profile::Interop))?;
            lines(args, &path, Cursor::new(&plain)?)?
        }
        other => other?,
    };
    let mut out = io::stdout().lock();
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(out.flush()?)
}

/// The output lines for the matches of `path` under `root`: each one's
/// JSON, by the rules of `boring cbor2json` (so a NaN or an infinity is refused,
/// not printed as something else), or its normalized path.
fn lines(args: &QueryArgs, path: &Path, root: Cursor<'_>) -> Result<Vec<String>, Failure> {
    let mut lines = Vec::new();
    for m in path.matches(root)? {
        if args.paths {
            lines.push(m.path.to_string());
        } else {
            let json =
                boring_json::value_to_json(&m.cursor.to_value()?, false).map_err(Failure::Json)?;
            lines.push(json);
        }
    }
    Ok(lines)
}
