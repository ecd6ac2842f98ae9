//! Reading the input file, or standard input for `-`.

use std::io::{self, Read};

use crate::args::InputArg;
use crate::failure::Failure;

/// The bytes of the input, read whole: every command needs random access
/// or a second look at earlier bytes.
pub(crate) fn read(input: &InputArg) -> Result<Vec<u8>, Failure> {
    if input.is_stdin() {
        let mut bytes = Vec::new();
        io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(Failure::Read)?;
        Ok(bytes)
    } else {
        std::fs::read(&input.file).map_err(Failure::Read)
    }
}
