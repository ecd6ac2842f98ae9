//! `docs/API.md` lists every public item of the published library crates,
//! and this test keeps it current: it builds rustdoc's JSON description of
//! each crate (on the stable compiler, with `RUSTC_BOOTSTRAP=1` unlocking
//! the JSON output), walks it from the crate root the way a user's `use`
//! paths reach items, and compares the result with the committed file.
//!
//! After an intended change to the public surface, regenerate the file:
//! `BORING_API=overwrite cargo test -p boring-tests --test public_api`.
//!
//! Items under `#[doc(hidden)]` (the derive's `__private` path, layout
//! hooks of the codec traits) are not public API and do not appear.

use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value as Json;

/// The crates users depend on, with the features that show all their items.
const CRATES: &[(&str, &str)] = &[("boring-runtime", "std,derive"), ("boring-mmap", "")];

/// The rustdoc JSON format this walker reads.
const FORMAT_VERSION: u64 = 57;

const HEADER: &str = "\
# Public API

Every public item of the library crates, by the paths users write. This
file is generated: `tests/tests/public_api.rs` compares it with the crates
on every test run, and
`BORING_API=overwrite cargo test -p boring-tests --test public_api`
rewrites it after an intended change.
";

#[test]
#[rustversion::attr(
    not(stable(1.95)),
    ignore = "the listing is made with rustc 1.95's rustdoc JSON (format 57)"
)]
fn the_committed_listing_is_the_public_api() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut listing = String::from(HEADER);
    for (package, features) in CRATES {
        let json = rustdoc_json(&workspace, package, features);
        let mut lines: Vec<String> = Walker::new(&json).listing().into_iter().collect();
        // By path, so that a type's methods and impls sit under it.
        lines.sort_by(|a, b| by_path(a).cmp(&by_path(b)));
        listing.push_str(&format!("\n## `{package}`\n\n```text\n"));
        for line in lines {
            listing.push_str(&line);
            listing.push('\n');
        }
        listing.push_str("```\n");
    }
    let file = workspace.join("docs/API.md");
    if std::env::var("BORING_API").as_deref() == Ok("overwrite") {
        std::fs::write(&file, &listing).expect("write docs/API.md");
        return;
    }
    let committed = std::fs::read_to_string(&file).unwrap_or_default();
    if committed != listing {
        let old: HashSet<&str> = committed.lines().collect();
        let new: HashSet<&str> = listing.lines().collect();
        let added: Vec<&str> = listing.lines().filter(|l| !old.contains(l)).collect();
        let removed: Vec<&str> = committed.lines().filter(|l| !new.contains(l)).collect();
        panic!(
            "docs/API.md is not the public API.\nadded:\n  {}\nremoved:\n  {}\n\
             (after an intended change: BORING_API=overwrite cargo test -p boring-tests --test public_api)",
            added.join("\n  "),
            removed.join("\n  ")
        );
    }
}

/// A listing line's sort key: its path (after the kind), then its kind.
fn by_path(line: &str) -> (&str, &str) {
    let (kind, path) = line.split_once(' ').unwrap_or(("", line));
    (path, kind)
}

/// Builds `package`'s rustdoc JSON in a target directory of its own (the
/// one running this test is locked by cargo) and reads it.
fn rustdoc_json(workspace: &Path, package: &str, features: &str) -> Json {
    let target = workspace.join("target").join("public-api");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(workspace)
        .env("RUSTC_BOOTSTRAP", "1")
        .env("CARGO_TARGET_DIR", &target)
        .args(["rustdoc", "--quiet", "--lib", "-p", package]);
    if !features.is_empty() {
        command.args(["--features", features]);
    }
    command.args(["--", "-Z", "unstable-options", "--output-format", "json"]);
    let status = command.status().expect("run cargo rustdoc");
    assert!(status.success(), "cargo rustdoc -p {package} failed");
    let name = package.replace('-', "_").replace("_runtime", "");
    let path: PathBuf = target.join("doc").join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).expect("read rustdoc JSON");
    let json: Json = serde_json::from_str(&text).expect("rustdoc JSON parses");
    assert_eq!(
        json["format_version"].as_u64(),
        Some(FORMAT_VERSION),
        "rustdoc JSON format changed: update the walker"
    );
    json
}

/// Walks the crate's items from its root, following public modules and
/// re-exports.
struct Walker<'a> {
    json: &'a Json,
    lines: BTreeSet<String>,
    /// Modules already listed under a path, so a module re-exported twice
    /// is walked once per path but never in a cycle.
    seen: HashSet<String>,
}

impl<'a> Walker<'a> {
    fn new(json: &'a Json) -> Self {
        Walker {
            json,
            lines: BTreeSet::new(),
            seen: HashSet::new(),
        }
    }

    fn listing(mut self) -> BTreeSet<String> {
        let root = self.json["root"].to_string();
        let name = self.item(&root)["name"]
            .as_str()
            .expect("the crate has a name")
            .to_string();
        self.module(&root, &name);
        self.lines
    }

    fn item(&self, id: &str) -> &'a Json {
        &self.json["index"][id]
    }

    /// The kind of an item: the single key of its `inner` object.
    fn kind(item: &Json) -> &str {
        item["inner"]
            .as_object()
            .and_then(|inner| inner.keys().next())
            .map_or("", String::as_str)
    }

    fn module(&mut self, id: &str, path: &str) {
        if !self.seen.insert(path.to_string()) {
            return;
        }
        let items = self.item(id)["inner"]["module"]["items"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for child in items {
            let child = child.to_string();
            let item = self.item(&child);
            if Self::kind(item) == "use" {
                self.reexport(&item["inner"]["use"], path);
            } else if let Some(name) = item["name"].as_str() {
                self.entry(&child, &format!("{path}::{name}"));
            }
        }
    }

    fn reexport(&mut self, using: &Json, path: &str) {
        let Some(target) = using["id"].as_u64().map(|id| id.to_string()) else {
            return;
        };
        let name = using["name"].as_str().unwrap_or_default();
        if self.item(&target).is_null() {
            // An item of another crate (the derive macro): its kind is in
            // the path table.
            let kind = match self.json["paths"][&target]["kind"].as_str() {
                Some("proc_derive") => "derive",
                Some(kind) => kind,
                None => "item",
            };
            self.lines.insert(format!("{kind} {path}::{name}"));
        } else if using["is_glob"].as_bool() == Some(true) {
            self.module(&target, path);
        } else {
            self.entry(&target, &format!("{path}::{name}"));
        }
    }

    fn entry(&mut self, id: &str, path: &str) {
        let item = self.item(id);
        if item["visibility"] != "public" {
            return;
        }
        let kind = Self::kind(item);
        match kind {
            "module" => {
                self.lines.insert(format!("mod {path}"));
                self.module(id, path);
            }
            "struct" | "enum" | "union" => {
                self.lines.insert(format!("{kind} {path}"));
                let inner = &item["inner"][kind];
                self.fields_and_variants(kind, inner, path);
                for imp in inner["impls"].as_array().into_iter().flatten() {
                    self.impl_block(&imp.to_string(), path);
                }
            }
            "trait" => {
                self.lines.insert(format!("trait {path}"));
                for member in item["inner"]["trait"]["items"]
                    .as_array()
                    .into_iter()
                    .flatten()
                {
                    self.member(&member.to_string(), path);
                }
            }
            "function" => {
                self.lines.insert(format!("fn {path}"));
            }
            "constant" | "static" => {
                self.lines.insert(format!("const {path}"));
            }
            "type_alias" => {
                self.lines.insert(format!("type {path}"));
            }
            "macro" | "proc_macro" => {
                self.lines.insert(format!("macro {path}"));
            }
            other => {
                self.lines.insert(format!("{other} {path}"));
            }
        }
    }

    fn fields_and_variants(&mut self, kind: &str, inner: &Json, path: &str) {
        if kind == "enum" {
            for variant in inner["variants"].as_array().into_iter().flatten() {
                let variant = self.item(&variant.to_string());
                if let Some(name) = variant["name"].as_str() {
                    self.lines.insert(format!("variant {path}::{name}"));
                }
            }
            return;
        }
        let fields = inner["kind"]["plain"]["fields"]
            .as_array()
            .into_iter()
            .flatten();
        for field in fields {
            let field = self.item(&field.to_string());
            if field["visibility"] == "public" {
                if let Some(name) = field["name"].as_str() {
                    self.lines.insert(format!("field {path}::{name}"));
                }
            }
        }
    }

    /// An impl block of a type at `path`: inherent methods and constants,
    /// and the traits implemented (not auto traits, not blanket impls).
    fn impl_block(&mut self, id: &str, path: &str) {
        let block = &self.item(id)["inner"]["impl"];
        if block["is_synthetic"] == true || !block["blanket_impl"].is_null() {
            return;
        }
        if block["trait"].is_null() {
            for member in block["items"].as_array().into_iter().flatten() {
                let member = member.to_string();
                if self.item(&member)["visibility"] == "public" {
                    self.member(&member, path);
                }
            }
            return;
        }
        let trait_id = block["trait"]["id"].to_string();
        let trait_path = match self.json["paths"][&trait_id]["path"].as_array() {
            Some(parts) => parts
                .iter()
                .filter_map(Json::as_str)
                .collect::<Vec<_>>()
                .join("::"),
            None => block["trait"]["path"].as_str().unwrap_or("?").to_string(),
        };
        let args = trait_args(&block["trait"]["args"]);
        self.lines
            .insert(format!("impl {path}: {trait_path}{args}"));
    }

    fn member(&mut self, id: &str, path: &str) {
        let member = self.item(id);
        let Some(name) = member["name"].as_str() else {
            return;
        };
        let kind = match Self::kind(member) {
            "function" => "fn",
            "assoc_const" => "const",
            "assoc_type" => "type",
            other => other,
        };
        self.lines.insert(format!("{kind} {path}::{name}"));
    }
}

/// A trait's generic arguments, as far as they tell impls apart
/// (`Index<&str>` from `Index<usize>`, `From<u8>` from `From<i64>`).
fn trait_args(args: &Json) -> String {
    let types: Vec<String> = args["angle_bracketed"]["args"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|arg| arg.get("type"))
        .map(type_name)
        .collect();
    if types.is_empty() {
        String::new()
    } else {
        format!("<{}>", types.join(", "))
    }
}

/// A short rendering of a type from rustdoc JSON.
fn type_name(ty: &Json) -> String {
    if let Some(name) = ty["primitive"].as_str() {
        return name.to_string();
    }
    if let Some(path) = ty["resolved_path"]["path"].as_str() {
        return format!("{path}{}", trait_args(&ty["resolved_path"]["args"]));
    }
    if !ty["borrowed_ref"].is_null() {
        let inner = type_name(&ty["borrowed_ref"]["type"]);
        let mutable = if ty["borrowed_ref"]["is_mutable"] == true {
            "mut "
        } else {
            ""
        };
        return format!("&{mutable}{inner}");
    }
    if !ty["slice"].is_null() {
        return format!("[{}]", type_name(&ty["slice"]));
    }
    if !ty["array"].is_null() {
        return format!(
            "[{}; {}]",
            type_name(&ty["array"]["type"]),
            ty["array"]["len"].as_str().unwrap_or("_")
        );
    }
    if let Some(items) = ty["tuple"].as_array() {
        return format!(
            "({})",
            items.iter().map(type_name).collect::<Vec<_>>().join(", ")
        );
    }
    if let Some(name) = ty["generic"].as_str() {
        return name.to_string();
    }
    "_".to_string()
}
