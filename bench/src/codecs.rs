//! The codecs under comparison and the per-payload cells that drive them.
//!
//! A [`Cell`] is one codec on one payload: it holds the data, the encoded
//! bytes and whatever buffers the codec's reused path keeps, and exposes the
//! four timed operations plus a round-trip check. A codec that cannot fill a
//! cell gives a short reason instead.

use std::fmt::Debug;
use std::hint::black_box;

use boring::{Options, Profile, Value, Writer};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Every codec row of the tables, in print order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Codec {
    /// `boring` derive, default profile (stringref on).
    BoringDefault,
    /// `boring` derive, default profile with shaped tables.
    BoringShapes,
    /// `boring` derive, the `compact` profile (columns, typed arrays).
    BoringCompact,
    /// `boring` derive, interop profile (no extensions).
    BoringInterop,
    /// `boring` on the `Value` form, default profile.
    BoringValueDefault,
    /// `boring` on the `Value` form, the `compact` profile.
    BoringValueCompact,
    /// `boring::serde` over the serde derives, default profile.
    BoringSerdeDefault,
    /// `boring::serde` over the serde derives, interop profile.
    BoringSerdeInterop,
    /// ciborium (serde).
    Ciborium,
    /// minicbor derive, array encoding.
    MinicborArray,
    /// minicbor derive, map encoding (`#[cbor(map)]`).
    MinicborMap,
    /// cbor4ii (serde).
    Cbor4ii,
    /// serde_json.
    SerdeJson,
    /// sonic-rs (serde).
    SonicRs,
    /// bitcode derive.
    Bitcode,
    /// postcard (serde).
    Postcard,
    /// rmp-serde (structs as arrays, its default).
    RmpSerde,
}

impl Codec {
    /// Every codec, in print order.
    pub const ALL: [Codec; 17] = [
        Codec::BoringDefault,
        Codec::BoringShapes,
        Codec::BoringCompact,
        Codec::BoringInterop,
        Codec::BoringValueDefault,
        Codec::BoringValueCompact,
        Codec::BoringSerdeDefault,
        Codec::BoringSerdeInterop,
        Codec::Ciborium,
        Codec::MinicborArray,
        Codec::MinicborMap,
        Codec::Cbor4ii,
        Codec::SerdeJson,
        Codec::SonicRs,
        Codec::Bitcode,
        Codec::Postcard,
        Codec::RmpSerde,
    ];

    /// The row label: the crate name, plus the layout where a crate has
    /// several.
    pub fn label(self) -> &'static str {
        match self {
            Codec::BoringDefault => "boring default",
            Codec::BoringShapes => "boring shapes",
            Codec::BoringCompact => "boring compact",
            Codec::BoringInterop => "boring interop",
            Codec::BoringValueDefault => "boring Value default",
            Codec::BoringValueCompact => "boring Value compact",
            Codec::BoringSerdeDefault => "boring serde default",
            Codec::BoringSerdeInterop => "boring serde interop",
            Codec::Ciborium => "ciborium",
            Codec::MinicborArray => "minicbor array",
            Codec::MinicborMap => "minicbor map",
            Codec::Cbor4ii => "cbor4ii",
            Codec::SerdeJson => "serde_json",
            Codec::SonicRs => "sonic-rs",
            Codec::Bitcode => "bitcode",
            Codec::Postcard => "postcard",
            Codec::RmpSerde => "rmp-serde",
        }
    }

    /// The options of one of `boring`'s rows (typed or `Value`), `None`
    /// for the peers.
    pub fn boring_options(self) -> Option<Options> {
        Some(match self {
            Codec::BoringDefault | Codec::BoringValueDefault => Options::default(),
            Codec::BoringShapes => Options::default().shapes(true),
            Codec::BoringCompact | Codec::BoringValueCompact => Options::from(Profile::Compact),
            Codec::BoringInterop => Options::from(Profile::Interop),
            _ => return None,
        })
    }

    /// The options of one of the `boring::serde` rows, which run as peers
    /// (through the serde derives), `None` for every other row.
    pub fn serde_options(self) -> Option<Options> {
        match self {
            Codec::BoringSerdeDefault => Some(Options::default()),
            Codec::BoringSerdeInterop => Some(Options::from(Profile::Interop)),
            _ => None,
        }
    }

    /// Whether this is one of `boring`'s `Value` rows.
    pub fn is_boring_value(self) -> bool {
        matches!(self, Codec::BoringValueDefault | Codec::BoringValueCompact)
    }
}

/// One timed operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    /// Data to bytes.
    Encode,
    /// Bytes to data.
    Decode,
}

/// Fresh objects per call, or each codec's fastest idiomatic reuse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tier {
    /// A new writer, buffer and scratch space per call.
    Fresh,
    /// Writers, buffers and scratch space kept across calls.
    Reused,
}

/// One codec on one payload.
pub trait Cell {
    /// The encoded bytes (computed once, when the cell was built).
    fn bytes(&self) -> &[u8];
    /// Runs one operation once; the result goes through `black_box`.
    fn run(&mut self, op: Op, tier: Tier) -> Result<(), String>;
    /// Decodes [`Cell::bytes`] and compares with the source data.
    fn round_trip(&mut self) -> Result<(), String>;
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// `boring` over a typed payload, through `#[derive(Boring)]`.
struct TypedBoringCell<T> {
    data: T,
    options: Options,
    writer: Writer,
    bytes: Vec<u8>,
}

impl<T: Dataset> TypedBoringCell<T> {
    fn new(data: T, options: Options) -> Result<Self, String> {
        let writer = Writer::new(&options).map_err(err)?;
        let bytes = boring::to_vec_with(&data, &options).map_err(err)?;
        Ok(TypedBoringCell {
            data,
            options,
            writer,
            bytes,
        })
    }
}

impl<T: Dataset> Cell for TypedBoringCell<T> {
    fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    fn run(&mut self, op: Op, tier: Tier) -> Result<(), String> {
        match (op, tier) {
            (Op::Encode, Tier::Fresh) => {
                black_box(boring::to_vec_with(&self.data, &self.options).map_err(err)?);
            }
            (Op::Encode, Tier::Reused) => {
                black_box(self.writer.encode(&self.data).map_err(err)?);
            }
            // The derived decoder reads straight from the slice (any layout,
            // default reader options): no state to keep between calls.
            (Op::Decode, _) => {
                black_box(boring::from_slice::<T>(&self.bytes).map_err(err)?);
            }
        }
        Ok(())
    }

    fn round_trip(&mut self) -> Result<(), String> {
        let back: T = boring::from_slice(&self.bytes).map_err(err)?;
        if back != self.data {
            return Err("decoded value differs".into());
        }
        // The reused writer must write the very bytes of the fresh call,
        // twice in a row (its string table starts over for each item).
        for _ in 0..2 {
            if self.writer.encode(&self.data).map_err(err)? != self.bytes.as_slice() {
                return Err("reused writer wrote other bytes".into());
            }
        }
        Ok(())
    }
}

/// `boring` over the `Value` form of a payload.
struct BoringCell {
    value: Value,
    options: Options,
    writer: Writer,
    bytes: Vec<u8>,
}

impl BoringCell {
    fn new(value: Value, options: Options) -> Result<Self, String> {
        let writer = Writer::new(&options).map_err(err)?;
        let bytes = boring::to_vec_with(&value, &options).map_err(err)?;
        Ok(BoringCell {
            value,
            options,
            writer,
            bytes,
        })
    }
}

impl Cell for BoringCell {
    fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    fn run(&mut self, op: Op, tier: Tier) -> Result<(), String> {
        match (op, tier) {
            (Op::Encode, Tier::Fresh) => {
                black_box(boring::to_vec_with(&self.value, &self.options).map_err(err)?);
            }
            (Op::Encode, Tier::Reused) => {
                black_box(self.writer.encode(&self.value).map_err(err)?);
            }
            // Decoding to `Value` has no state worth keeping between calls:
            // both tiers take the same path.
            (Op::Decode, _) => {
                let v: Value = boring::from_slice_with(&self.bytes, &self.options).map_err(err)?;
                black_box(v);
            }
        }
        Ok(())
    }

    fn round_trip(&mut self) -> Result<(), String> {
        let v: Value = boring::from_slice_with(&self.bytes, &self.options).map_err(err)?;
        if v == self.value {
            Ok(())
        } else {
            Err("decoded value differs".into())
        }
    }
}

/// What every dataset type offers: `boring`'s derive, the serde-based
/// codecs and bitcode.
pub trait Dataset:
    boring::Encode
    + boring::DecodeOwned
    + Serialize
    + DeserializeOwned
    + bitcode::Encode
    + bitcode::DecodeOwned
    + PartialEq
    + Debug
{
}

impl<T> Dataset for T where
    T: boring::Encode
        + boring::DecodeOwned
        + Serialize
        + DeserializeOwned
        + bitcode::Encode
        + bitcode::DecodeOwned
        + PartialEq
        + Debug
{
}

/// The serde-based codecs and bitcode over a typed payload.
struct PeerCell<T> {
    codec: Codec,
    data: T,
    bytes: Vec<u8>,
    buf: Vec<u8>,
    scratch: Vec<u8>,
    bitcode: bitcode::Buffer,
    /// The `boring::serde` rows' options and reused writer.
    serde: Option<(Options, Writer)>,
}

impl<T: Dataset> PeerCell<T> {
    fn new(codec: Codec, data: T) -> Result<Self, String> {
        let mut cell = PeerCell {
            codec,
            data,
            bytes: Vec::new(),
            buf: Vec::new(),
            // ciborium's reused path decodes through a caller's scratch
            // buffer; 4 KiB is its documented default size.
            scratch: vec![0; 4096],
            bitcode: bitcode::Buffer::new(),
            serde: match codec.serde_options() {
                Some(options) => {
                    let writer = Writer::new(&options).map_err(err)?;
                    Some((options, writer))
                }
                None => None,
            },
        };
        cell.bytes = cell.encode_fresh()?;
        Ok(cell)
    }

    fn encode_fresh(&self) -> Result<Vec<u8>, String> {
        let d = &self.data;
        Ok(match self.codec {
            Codec::Ciborium => {
                let mut out = Vec::new();
                ciborium::into_writer(d, &mut out).map_err(err)?;
                out
            }
            Codec::Cbor4ii => cbor4ii::serde::to_vec(Vec::new(), d).map_err(err)?,
            Codec::BoringSerdeDefault | Codec::BoringSerdeInterop => {
                let (options, _) = self.serde.as_ref().ok_or("no serde options")?;
                boring::serde::to_vec(d, options).map_err(err)?
            }
            Codec::SerdeJson => serde_json::to_vec(d).map_err(err)?,
            Codec::SonicRs => sonic_rs::to_vec(d).map_err(err)?,
            Codec::Bitcode => bitcode::encode(d),
            Codec::Postcard => postcard::to_allocvec(d).map_err(err)?,
            Codec::RmpSerde => rmp_serde::to_vec(d).map_err(err)?,
            other => return Err(format!("{} is not a serde codec", other.label())),
        })
    }

    fn encode_reused(&mut self) -> Result<(), String> {
        let d = &self.data;
        let buf = &mut self.buf;
        buf.clear();
        match self.codec {
            Codec::Ciborium => ciborium::into_writer(d, &mut *buf).map_err(err)?,
            Codec::Cbor4ii => {
                *buf = cbor4ii::serde::to_vec(std::mem::take(buf), d).map_err(err)?;
            }
            Codec::BoringSerdeDefault | Codec::BoringSerdeInterop => {
                let (_, w) = self.serde.as_mut().ok_or("no serde options")?;
                w.clear();
                boring::serde::to_writer(d, w).map_err(err)?;
                black_box(w.buffer());
            }
            Codec::SerdeJson => serde_json::to_writer(&mut *buf, d).map_err(err)?,
            Codec::SonicRs => sonic_rs::to_writer(&mut *buf, d).map_err(err)?,
            Codec::Bitcode => {
                black_box(self.bitcode.encode(d));
            }
            Codec::Postcard => {
                *buf = postcard::to_extend(d, std::mem::take(buf)).map_err(err)?;
            }
            Codec::RmpSerde => d
                .serialize(&mut rmp_serde::Serializer::new(&mut *buf))
                .map_err(err)?,
            other => return Err(format!("{} is not a serde codec", other.label())),
        }
        black_box(&self.buf);
        Ok(())
    }

    fn decode(&mut self, tier: Tier) -> Result<T, String> {
        let b = self.bytes.as_slice();
        Ok(match (self.codec, tier) {
            (Codec::Ciborium, Tier::Fresh) => ciborium::from_reader(b).map_err(err)?,
            (Codec::Ciborium, Tier::Reused) => {
                ciborium::de::from_reader_with_buffer(b, &mut self.scratch).map_err(err)?
            }
            (Codec::Cbor4ii, _) => cbor4ii::serde::from_slice(b).map_err(err)?,
            (Codec::BoringSerdeDefault | Codec::BoringSerdeInterop, _) => {
                let (options, _) = self.serde.as_ref().ok_or("no serde options")?;
                boring::serde::from_slice(b, options).map_err(err)?
            }
            (Codec::SerdeJson, _) => serde_json::from_slice(b).map_err(err)?,
            (Codec::SonicRs, _) => sonic_rs::from_slice(b).map_err(err)?,
            (Codec::Bitcode, Tier::Fresh) => bitcode::decode(b).map_err(err)?,
            (Codec::Bitcode, Tier::Reused) => self.bitcode.decode(b).map_err(err)?,
            (Codec::Postcard, _) => postcard::from_bytes(b).map_err(err)?,
            (Codec::RmpSerde, _) => rmp_serde::from_slice(b).map_err(err)?,
            (other, _) => return Err(format!("{} is not a serde codec", other.label())),
        })
    }
}

impl<T: Dataset> Cell for PeerCell<T> {
    fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    fn run(&mut self, op: Op, tier: Tier) -> Result<(), String> {
        match (op, tier) {
            (Op::Encode, Tier::Fresh) => {
                black_box(self.encode_fresh()?);
            }
            (Op::Encode, Tier::Reused) => self.encode_reused()?,
            (Op::Decode, tier) => {
                black_box(self.decode(tier)?);
            }
        }
        Ok(())
    }

    fn round_trip(&mut self) -> Result<(), String> {
        let back = self.decode(Tier::Fresh)?;
        let again = self.decode(Tier::Reused)?;
        if back == self.data && again == self.data {
            Ok(())
        } else {
            Err("decoded value differs".into())
        }
    }
}

/// minicbor over a type that derives its traits (array or map encoding).
struct MinicborCell<T> {
    data: T,
    bytes: Vec<u8>,
    buf: Vec<u8>,
}

impl<T> MinicborCell<T>
where
    T: minicbor::Encode<()> + for<'b> minicbor::Decode<'b, ()> + PartialEq,
{
    fn new(data: T) -> Result<Self, String> {
        let bytes = minicbor::to_vec(&data).map_err(err)?;
        Ok(MinicborCell {
            data,
            bytes,
            buf: Vec::new(),
        })
    }
}

impl<T> Cell for MinicborCell<T>
where
    T: minicbor::Encode<()> + for<'b> minicbor::Decode<'b, ()> + PartialEq,
{
    fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    fn run(&mut self, op: Op, tier: Tier) -> Result<(), String> {
        match (op, tier) {
            (Op::Encode, Tier::Fresh) => {
                black_box(minicbor::to_vec(&self.data).map_err(err)?);
            }
            (Op::Encode, Tier::Reused) => {
                self.buf.clear();
                minicbor::encode(&self.data, &mut self.buf).map_err(err)?;
                black_box(&self.buf);
            }
            // minicbor decodes straight from the slice: nothing to reuse.
            (Op::Decode, _) => {
                black_box(minicbor::decode::<T>(&self.bytes).map_err(err)?);
            }
        }
        Ok(())
    }

    fn round_trip(&mut self) -> Result<(), String> {
        let back: T = minicbor::decode(&self.bytes).map_err(err)?;
        if back == self.data {
            Ok(())
        } else {
            Err("decoded value differs".into())
        }
    }
}

/// A cell, or the short reason a codec cannot fill it.
pub type CellResult = Result<Box<dyn Cell>, String>;

/// The cells of one payload, one per codec in [`Codec::ALL`] order: the
/// typed `boring` rows and the peers encode `data`, the `Value` rows encode
/// `value`.
pub fn cells<T: Dataset + Clone + 'static>(
    value: Value,
    data: T,
    minicbor_array: CellResult,
    minicbor_map: CellResult,
) -> Vec<(Codec, CellResult)> {
    let mut minicbor_array = Some(minicbor_array);
    let mut minicbor_map = Some(minicbor_map);
    Codec::ALL
        .iter()
        .map(|&codec| {
            let cell = match (codec, codec.boring_options()) {
                (c, Some(options)) if c.is_boring_value() => {
                    BoringCell::new(value.clone(), options).map(|b| Box::new(b) as Box<dyn Cell>)
                }
                (_, Some(options)) => TypedBoringCell::new(data.clone(), options)
                    .map(|b| Box::new(b) as Box<dyn Cell>),
                (Codec::MinicborArray, None) => minicbor_array
                    .take()
                    .unwrap_or_else(|| Err("built twice".into())),
                (Codec::MinicborMap, None) => minicbor_map
                    .take()
                    .unwrap_or_else(|| Err("built twice".into())),
                (c, None) => PeerCell::new(c, data.clone()).map(|p| Box::new(p) as Box<dyn Cell>),
            };
            (codec, cell)
        })
        .collect()
}

/// A minicbor cell over `data`.
pub fn minicbor_cell<T>(data: T) -> CellResult
where
    T: minicbor::Encode<()> + for<'b> minicbor::Decode<'b, ()> + PartialEq + 'static,
{
    Ok(Box::new(MinicborCell::new(data)?))
}
