//! The only path generated code uses. Not public API: anything here may
//! change in any release.

pub use crate::codec::{bounded_size, decode_byte_array, decode_byte_string, Decode, Encode};
pub use crate::error::{Error, ErrorKind, PathSegment};
pub use crate::ext::columns::{
    fill_column, fill_rows, fill_rows_with, next_cell, optional_column, optional_column_is_typed,
    read_column, Rows,
};
pub use crate::ext::describe::{Description, Fields as DescribedFields, Kind as DescribedKind};
pub use crate::ext::record::plain_column;
pub use crate::ext::record::Census;
// Test-only: the key work a table decode did.
pub use crate::ext::record::{
    decode_adjacent, decode_entries, decode_enum, decode_enum_ids, decode_enum_vec, decode_in_tag,
    decode_internal, decode_map, decode_map_ext, decode_map_with, decode_record, decode_unit,
    decode_untagged, decode_vec, encode_adjacent, encode_enum, encode_enum_ids, encode_enum_seq,
    encode_in_tag, encode_internal, encode_key, encode_map, encode_map_tagged, encode_map_with,
    encode_plain_key, encode_record, encode_seq, encode_untagged, encode_variant_map, expect_key,
    fill, finish_entries, has_int_keys, header, header_len, in_declaration_order, in_order,
    key_offsets, key_order, keys_are_plain, map_vec, no_variant, require, require_payload,
    same_name, seq_table_saving, take, take_bytes, unit_payload, DecodeBytes, DecodeFields,
    DecodeFlat, DecodeVariants, EncodeBytes, EncodeFields, EncodeFlat, EncodeVariants, Entries,
    FieldName, KeySpec, Shape, TupleReader,
};
pub use crate::ext::record::{decode_vec_stats, TableStats};
pub use crate::profile::Resolved;
pub use crate::wire::{Head, Reader, Seq, Sink, Writer};
pub use crate::Value;
pub use alloc::vec::Vec;
pub use core::clone::Clone;
pub use core::default::Default;
pub use core::iter::{ExactSizeIterator, IntoIterator, Iterator};
pub use core::marker::Sized;
pub use core::option::Option;
pub use core::result::Result;
