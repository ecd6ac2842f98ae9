//! The payloads of the published tables: the reference implementation's six,
//! a map of records keyed by text, then the record datasets.
//!
//! Every payload has a typed form (`boring_schemas::records` and the dataset
//! modules), which the typed `boring` rows and the peers encode, and a
//! `Value` form for the `boring Value` rows: the reference's exact builders
//! (`boring_schemas::values`) for its six, the derive's map form for the
//! rest.

use boring::Value;
use boring_schemas::minicbor_map::{
    DatomM, LogEntryM, MixedM, NestedEntryM, NestedMapM, Row4M, SmallMapM, StrRecordM, TriangleM,
    UserM, UsersM,
};
use boring_schemas::{access_log, game, mesh, network, records, values, ToValue, SEED};

use crate::codecs::{cells, minicbor_cell, Cell, CellResult, Codec};

/// One payload and its cells.
pub struct Payload {
    /// Column label.
    pub name: &'static str,
    /// One entry per codec, in [`Codec::ALL`] order.
    pub cells: Vec<(Codec, CellResult)>,
}

impl std::fmt::Debug for Payload {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Payload")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Payload {
    /// The cell of `codec`, or why there is none.
    pub fn cell(&mut self, codec: Codec) -> Result<&mut dyn Cell, String> {
        match self.cells.iter_mut().find(|(c, _)| *c == codec) {
            Some((_, Ok(cell))) => Ok(cell.as_mut()),
            Some((_, Err(why))) => Err(why.clone()),
            None => Err("not built".into()),
        }
    }
}

const NESTED_ONLY: &str = "map form: flat records only";

fn map_vec<S, M: for<'a> From<&'a S>>(rows: &[S]) -> Vec<M> {
    rows.iter().map(M::from).collect()
}

/// How large the generated record datasets are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// The published sizes (10 000 log entries, 125 000 triangles, 500
    /// players, 1 000 updates).
    Published,
    /// A tenth of each generated dataset, for tests in unoptimised builds;
    /// the reference's payloads keep their size.
    Tenth,
}

impl Scale {
    fn of(self, n: usize) -> usize {
        match self {
            Scale::Published => n,
            Scale::Tenth => n.div_ceil(10),
        }
    }
}

/// Every payload, built from the fixed seed, in column order.
pub fn all(scale: Scale) -> Vec<Payload> {
    some(scale, &|_| true)
}

/// The payloads whose names `keep` accepts, in column order; the others are
/// not built.
///
/// `keep` is a trait object, not a generic: a generic would be instantiated
/// in each calling crate, and with it every cell, so that `boring-bench
/// repeat` (in the binary) would time its own copy of the codecs' code,
/// inlined differently from the copy the published run (in the library)
/// times.
pub fn some(scale: Scale, keep: &dyn Fn(&str) -> bool) -> Vec<Payload> {
    let mut out = Vec::new();
    if keep("small-map") {
        let small = records::small_map();
        out.push(Payload {
            name: "small-map",
            cells: cells(
                values::small_map(),
                small.clone(),
                minicbor_cell(small.clone()),
                minicbor_cell(SmallMapM::from(&small)),
            ),
        });
    }

    if keep("mixed") {
        let mixed = records::mixed();
        out.push(Payload {
            name: "mixed",
            cells: cells(
                values::mixed(),
                mixed.clone(),
                minicbor_cell(mixed.clone()),
                minicbor_cell(MixedM::from(&mixed)),
            ),
        });
    }

    if keep("nested-map-50") {
        let nested = records::nested_map_50();
        let nested_m: NestedMapM = nested
            .iter()
            .map(|(k, v)| (k.clone(), NestedEntryM::from(v)))
            .collect();
        out.push(Payload {
            name: "nested-map-50",
            cells: cells(
                values::nested_map_50(),
                nested.clone(),
                minicbor_cell(nested),
                minicbor_cell(nested_m),
            ),
        });
    }

    if keep("datom-maps-200") {
        let datoms = records::datoms(200);
        out.push(Payload {
            name: "datom-maps-200",
            cells: cells(
                values::datom_maps_200(),
                datoms.clone(),
                minicbor_cell(datoms.clone()),
                minicbor_cell(map_vec::<_, DatomM>(&datoms)),
            ),
        });
    }

    if keep("long-vec-1k") {
        let longs = records::long_vec_1k();
        out.push(Payload {
            name: "long-vec-1k",
            cells: cells(
                values::long_vec_1k(),
                longs.clone(),
                minicbor_cell(longs),
                Err("no records".into()),
            ),
        });
    }

    if keep("str-maps-200") {
        let strs = records::str_records(200);
        out.push(Payload {
            name: "str-maps-200",
            cells: cells(
                values::str_maps_200(),
                strs.clone(),
                minicbor_cell(strs.clone()),
                minicbor_cell(map_vec::<_, StrRecordM>(&strs)),
            ),
        });
    }

    if keep("users-300") {
        let users = records::users(300);
        let users_m: UsersM = users
            .iter()
            .map(|(k, v)| (k.clone(), UserM::from(v)))
            .collect();
        out.push(Payload {
            name: "users-300",
            cells: cells(
                values::users_300(),
                users.clone(),
                minicbor_cell(users),
                minicbor_cell(users_m),
            ),
        });
    }

    if keep("table-512") {
        let rows = records::rows4(512);
        out.push(record_payload(
            "table-512",
            rows.clone(),
            minicbor_cell(map_vec::<_, Row4M>(&rows)),
        ));
    }

    if keep("access-log-10k") {
        let log = access_log::generate(SEED, scale.of(access_log::ENTRIES));
        out.push(record_payload(
            "access-log-10k",
            log.clone(),
            minicbor_cell(map_vec::<_, LogEntryM>(&log)),
        ));
    }

    if keep("mesh-125k") {
        let tris = mesh::generate(SEED, scale.of(mesh::TRIANGLES));
        out.push(record_payload(
            "mesh-125k",
            tris.clone(),
            minicbor_cell(map_vec::<_, TriangleM>(&tris)),
        ));
    }

    if keep("game-save-500") {
        out.push(record_payload(
            "game-save-500",
            game::generate(SEED, scale.of(game::PLAYERS)),
            Err(NESTED_ONLY.into()),
        ));
    }

    if keep("net-updates-1k") {
        out.push(record_payload(
            "net-updates-1k",
            network::generate(SEED, scale.of(network::UPDATES)),
            Err(NESTED_ONLY.into()),
        ));
    }

    out
}

/// A generated record dataset: the `Value` rows encode its [`ToValue`]
/// form, the map the derive writes.
fn record_payload<T>(name: &'static str, data: T, minicbor_map: CellResult) -> Payload
where
    T: crate::codecs::Dataset
        + Clone
        + ToValue
        + minicbor::Encode<()>
        + for<'b> minicbor::Decode<'b, ()>
        + 'static,
{
    let value: Value = data.to_value();
    Payload {
        name,
        cells: cells(value, data.clone(), minicbor_cell(data), minicbor_map),
    }
}
