//! Diagnostic notation (RFC 8949 §8) and annotated hex dumps.
