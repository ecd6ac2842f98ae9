#!/usr/bin/env python3
"""Checks that Python's cbor2 (pinned: cbor2==6.3.0) reads what boring writes.

(a) Documents written by cbor2 are re-encoded by the `boring` CLI
    (`boring reencode --profile P -`) under every profile (and the default
    profile with --shapes, --columns or --scattered-shapes, and the compact
    profile); cbor2,
    with the small tag hooks of docs/INTEROP.md, must read each output
    back to the same Python value: a columnar table (tag 39653) comes back
    as the list of dicts.
(b) cbor2's canonical encoder (canonical=True) and boring's
    `canonical-rfc7049` profile must produce the same bytes.

usage: check_reads.py [--boring PATH]
The binary defaults to $BORING_BIN, then target/debug/boring under the
workspace (or under $CARGO_TARGET_DIR). Exit status 0 only if every check
passes; the last line is the summary `N passed, M failed`.
"""

import argparse
import dataclasses
import datetime
import decimal
import fractions
import math
import os
import pathlib
import struct
import subprocess
import sys
import uuid

import cbor2

WORKSPACE = pathlib.Path(__file__).resolve().parents[2]
PROFILES = ["default", "interop", "archival", "canonical", "canonical-rfc7049"]


# --- the reader hooks (the same as docs/INTEROP.md) -------------------------

@dataclasses.dataclass(frozen=True)
class Keyword:
    name: str  # without the colon, e.g. "user/name"


@dataclasses.dataclass(frozen=True)
class Symbol:
    name: str


@dataclasses.dataclass(frozen=True)
class Record:
    name: str
    payload: object


# RFC 8746 little-endian (and one-byte) element formats; boring writes 77,
# 78, 79, 85, 86 for JVM arrays and the others in columns.
TYPED = {64: "B", 68: "B", 69: "H", 70: "I", 71: "Q", 72: "b", 77: "h", 78: "i",
         79: "q", 84: "e", 85: "f", 86: "d"}


def thaw(x):
    """cbor2 decodes the arrays inside a tag as tuples; a table's cells are
    the values they stand for, lists."""
    if isinstance(x, tuple):
        return [thaw(y) for y in x]
    if isinstance(x, dict):
        return {k: thaw(y) for k, y in x.items()}
    return x


SHAPES = []  # scattered shapes (tag 39650) of the item being read, as they complete


def tag_hook(tag, immutable):  # cbor2 6.x; cbor2 5.x passes (decoder, tag)
    n, v = tag.tag, tag.value
    if n == 39 and isinstance(v, str):  # keyword ":ns/name" or symbol "ns/name"
        return Keyword(v[1:]) if v.startswith(":") else Symbol(v)
    if n == 27 and len(v) == 2:  # record or reserved name: [name, payload]
        return v[1] if v[0] == "clojure/char" else Record(v[0], v[1])
    if n in TYPED and isinstance(v, bytes):  # typed array
        return list(struct.unpack("<%d%s" % (len(v) // struct.calcsize(TYPED[n]), TYPED[n]), v))
    if n == 40 and len(v) == 2 and len(v[0]) == 2 and isinstance(v[1], (list, tuple)):
        (rows, k), flat = v  # grid column: [[n, k], n × k elements], row-major
        return [list(flat[i * k:(i + 1) * k]) for i in range(rows)]
    if n == 39649:  # shaped array: [keys, rows]; undefined or a short row = absent
        keys, rows = v
        return [{k: thaw(x) for k, x in zip(keys, row) if x is not cbor2.undefined}
                for row in rows]
    if n == 39653:  # columnar table: [keys, n, columns]; undefined = absent
        keys, count, cols = v
        return [{k: thaw(c[i]) for k, c in zip(keys, cols) if c[i] is not cbor2.undefined}
                for i in range(count)]
    if n == 39650:  # scattered shape: [[keys], values…] defines, [index, values…] refers
        head, values = v[0], v[1:]
        if isinstance(head, int):
            keys = SHAPES[head]
        else:
            keys = list(head)
            SHAPES.append(keys)
        return {k: thaw(x) for k, x in zip(keys, values)}
    if n == 39654:  # keyed table: [keys, values], a map (values read by their own hooks)
        keys, values = v
        return {k: thaw(x) for k, x in zip(keys, values)}
    return tag


def read(data):
    SHAPES.clear()
    return cbor2.loads(data, tag_hook=tag_hook)


# --- documents ---------------------------------------------------------------

def kw(name):
    return cbor2.CBORTag(39, ":" + name)


def documents():
    utc = datetime.timezone.utc
    return {
        "scalars": {
            "int": 42, "neg": -7, "u64-max": 2**64 - 1, "big": 2**64, "big-neg": -(2**70),
            "float": 1.5, "tenth": 0.1, "wide": 1e300, "text": "héllo wörld 💩",
            "bytes": b"\x01\x02\xfd", "null": None, "true": True, "false": False,
        },
        "data-model": {
            kw("name"): "Ada",
            kw("tags"): {kw("x"), kw("y")},
            kw("score"): decimal.Decimal("1.50"),
            "ratio": fractions.Fraction(22, 7),
            "id": uuid.UUID("9682952b-fafa-4b41-8e4a-31ae948d6f08"),
            "when": datetime.datetime(2009, 2, 13, 23, 31, 30, 123000, tzinfo=utc),
            "day": datetime.date(2024, 2, 29),
            "sym": cbor2.CBORTag(39, "my.ns/sym"),
            "char": cbor2.CBORTag(27, ["clojure/char", "ಬ"]),
            "point": cbor2.CBORTag(27, ["my.ns/Point", {kw("x"): 1, kw("y"): 2}]),
            "longs": cbor2.CBORTag(79, struct.pack("<3q", 1, -2, 3)),
            "doubles": cbor2.CBORTag(86, struct.pack("<2d", 1.5, -2.5)),
        },
        "rows": [{kw("e"): 100 + i, kw("a"): kw("user/name"), kw("v"): "person-%d" % i}
                 for i in range(5)],
        "strings": ["abc", "abc", "wxyz", "wxyz", {"name": "abc", "wxyz": b"wxyz"}],
        "columns": cbor2.CBORTag(39653, [[kw("e"), kw("v")], 3, [
            cbor2.CBORTag(64, bytes([1, 2, 3])), ["a", cbor2.undefined, "c"]]]),
        "grids": [{"pos": [0.5 * i, 1.0, -2.25], "rgb": [i, 2 * i, 255], "id": i}
                  for i in range(4)],
        "scattered": {"u%d" % i: {"name": "n%d" % i, "level": i, "active": i % 2 == 0}
                      for i in range(4)},
        "key-order": {1000: "x", "a": "y", -1: 1, b"k": 2, False: 3, 1.5: 4, "aa": [0.0, -0.0]},
    }


# --- comparison ----------------------------------------------------------------

def same(a, b):
    """Equality that also checks types, decimal scale and float bits."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or struct.pack("<d", a) == struct.pack("<d", b)
    if isinstance(a, decimal.Decimal):
        return a.as_tuple() == b.as_tuple()
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, Record):
        return a.name == b.name and same(a.payload, b.payload)
    if isinstance(a, cbor2.CBORTag):
        return a.tag == b.tag and same(a.value, b.value)
    return a == b


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL:", what)


def reencode(binary, data, profile, flags=()):
    args = [str(binary), "reencode", "--profile", profile] + list(flags) + ["-"]
    run = subprocess.run(args, input=data, capture_output=True, check=False)
    if run.returncode != 0:
        raise RuntimeError("%s: exit %d: %s" % (" ".join(args), run.returncode,
                                                run.stderr.decode(errors="replace").strip()))
    return run.stdout


def find_binary(given):
    candidates = [given, os.environ.get("BORING_BIN"), WORKSPACE / "target/debug/boring"]
    if os.environ.get("CARGO_TARGET_DIR"):
        candidates.append(pathlib.Path(os.environ["CARGO_TARGET_DIR"]) / "debug/boring")
    for c in candidates:
        if c and pathlib.Path(c).is_file():
            return pathlib.Path(c)
    sys.exit("boring binary not found: pass --boring PATH or build boring-cli")


def hooks_apply(tally):
    """The hooks turn boring's tags into Python values (checked on cbor2's
    own encoding of the documents)."""
    docs = {name: read(cbor2.dumps(doc)) for name, doc in documents().items()}
    model = docs["data-model"]
    tally.check(model[Keyword("name")] == "Ada", "hook: keyword keys")
    tally.check(model[Keyword("tags")] == {Keyword("x"), Keyword("y")}, "hook: keyword set")
    tally.check(model["sym"] == Symbol("my.ns/sym"), "hook: symbol")
    tally.check(model["char"] == "ಬ", "hook: clojure/char")
    tally.check(model["point"] == Record("my.ns/Point", {Keyword("x"): 1, Keyword("y"): 2}),
                "hook: record")
    tally.check(model["longs"] == [1, -2, 3] and model["doubles"] == [1.5, -2.5], "hook: typed")
    tally.check(docs["rows"][1] == {Keyword("e"): 101, Keyword("a"): Keyword("user/name"),
                                    Keyword("v"): "person-1"}, "hook: rows")
    grid = cbor2.CBORTag(40, [[2, 3], cbor2.CBORTag(64, bytes([1, 2, 3, 4, 5, 6]))])
    tally.check(read(cbor2.dumps(grid)) == [[1, 2, 3], [4, 5, 6]], "hook: grid")
    tally.check(docs["columns"] == [{Keyword("e"): 1, Keyword("v"): "a"}, {Keyword("e"): 2},
                                    {Keyword("e"): 3, Keyword("v"): "c"}], "hook: columns")
    # A definition nested in another's values is complete first: index 0.
    inner = cbor2.CBORTag(39650, [["c", "d"], 1, 2])
    nested = [cbor2.CBORTag(39650, [["a", "b"], inner, 3]),
              cbor2.CBORTag(39650, [0, 5, 6]), cbor2.CBORTag(39650, [1, 7, 8])]
    tally.check(read(cbor2.dumps(nested)) == [{"a": {"c": 1, "d": 2}, "b": 3}, {"c": 5, "d": 6},
                                              {"a": 7, "b": 8}], "hook: scattered")
    keyed = cbor2.CBORTag(39654, [["a", "b"], cbor2.CBORTag(39649, [["x"], [[1], [2]]])])
    tally.check(read(cbor2.dumps(keyed)) == {"a": {"x": 1}, "b": {"x": 2}}, "hook: keyed")
    ragged = cbor2.CBORTag(39649, [[kw("a"), kw("b"), kw("c")],
                                   [[None, 1, 2], [3, cbor2.undefined, 4], [5]]])
    tally.check(read(cbor2.dumps(ragged)) == [
        {Keyword("a"): None, Keyword("b"): 1, Keyword("c"): 2},
        {Keyword("a"): 3, Keyword("c"): 4}, {Keyword("a"): 5}], "hook: shaped")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boring", help="path of the boring binary")
    binary = find_binary(parser.parse_args().boring)
    tally = Tally()
    hooks_apply(tally)

    for name, doc in documents().items():
        data = cbor2.dumps(doc)
        want = read(data)
        runs = [(p, ()) for p in PROFILES] + [
            ("default", ("--shapes",)), ("default", ("--columns",)),
            ("default", ("--scattered-shapes",)), ("compact", ())]
        for profile, flags in runs:
            label = " ".join(("%s under %s" % (name, profile),) + flags)
            try:
                out = reencode(binary, data, profile, flags)
            except RuntimeError as err:
                tally.check(False, "%s: %s" % (label, err))
                continue
            tally.check(same(read(out), want), "%s: cbor2 reads a different value" % label)
            # Only the default and compact profiles open a stringref namespace.
            tally.check(out.startswith(b"\xd9\x01\x00") == (profile in ("default", "compact")),
                        "%s: stringref envelope" % label)
            if name == "grids":
                # Under columns, each array column is one tag-40 grid.
                columns = "--columns" in flags or profile == "compact"
                tally.check(out.count(b"\xd8\x28\x82\x82\x04\x03") == (2 if columns else 0),
                            "%s: grid columns" % label)
            if name == "scattered":
                # A map of records: a keyed table wherever tables are on
                # (its values are then rows); else, when asked for, one
                # definition and three references.
                keyed = bool({"--shapes", "--columns"} & set(flags)) or profile == "compact"
                scattered = "--scattered-shapes" in flags and not keyed
                tally.check(out.count(b"\xd9\x9a\xe2") == (4 if scattered else 0),
                            "%s: scattered shapes" % label)
                tally.check((b"\xd9\x9a\xe6" in out) == keyed, "%s: keyed table" % label)
            if name == "rows":
                # Columns win over shapes when a column is typed (:e is).
                columns = "--columns" in flags or profile == "compact"
                shapes = "--shapes" in flags and not columns
                tally.check((b"\xd9\x9a\xe5" in out) == columns, "%s: columnar table" % label)
                tally.check((b"\xd9\x9a\xe1" in out) == shapes, "%s: shaped array" % label)
        # (b) canonical bytes are cbor2's canonical bytes. boring expands a
        # columnar table into the maps it stands for when it decodes, so
        # that document has no byte-identical canonical form to compare.
        if name == "columns":
            continue
        ours = reencode(binary, data, "canonical-rfc7049")
        theirs = cbor2.dumps(doc, canonical=True)
        tally.check(ours == theirs, "%s: canonical-rfc7049 %s != cbor2 canonical %s"
                    % (name, ours.hex(), theirs.hex()))

    print("%d passed, %d failed" % (tally.passed, tally.failed))
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
