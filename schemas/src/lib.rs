//! Payload types and deterministic generators shared by tests, benchmarks and examples.
