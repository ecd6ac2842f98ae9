//! Counters of what scans decoded, to see projection pushdown at work.

use std::sync::atomic::{AtomicU64, Ordering};

/// What the scans of one table have read, summed over partitions.
#[derive(Debug, Default)]
pub struct ScanMetrics {
    items: AtomicU64,
    rows: AtomicU64,
    columns_decoded: AtomicU64,
    column_bytes: AtomicU64,
}

/// A copy of [`ScanMetrics`] at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ScanCounts {
    /// Top-level items read.
    pub items: u64,
    /// Rows produced.
    pub rows: u64,
    /// Columns converted to Arrow (one per column per item).
    pub columns_decoded: u64,
    /// Encoded bytes of the columns converted, for columnar tables.
    pub column_bytes: u64,
}

impl ScanMetrics {
    /// The counts so far.
    pub fn snapshot(&self) -> ScanCounts {
        ScanCounts {
            items: self.items.load(Ordering::Relaxed),
            rows: self.rows.load(Ordering::Relaxed),
            columns_decoded: self.columns_decoded.load(Ordering::Relaxed),
            column_bytes: self.column_bytes.load(Ordering::Relaxed),
        }
    }

    /// Sets every count back to zero.
    pub fn reset(&self) {
        for c in [
            &self.items,
            &self.rows,
            &self.columns_decoded,
            &self.column_bytes,
        ] {
            c.store(0, Ordering::Relaxed);
        }
    }

    pub(crate) fn add(&self, items: u64, rows: u64, columns: u64, bytes: u64) {
        self.items.fetch_add(items, Ordering::Relaxed);
        self.rows.fetch_add(rows, Ordering::Relaxed);
        self.columns_decoded.fetch_add(columns, Ordering::Relaxed);
        self.column_bytes.fetch_add(bytes, Ordering::Relaxed);
    }
}
