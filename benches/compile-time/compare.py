#!/usr/bin/env python3
"""Compile-time comparison: fastwire's derives against serde's derive with serde_json and rmp-serde.

Generates two Cargo crates with the same business types (structs and enums carrying serde
attributes), one deriving `fastwire::Encode`/`fastwire::Decode`, the other
`serde::Serialize`/`serde::Deserialize`, each with one function per root type that reads and
writes it in JSON and in MessagePack. Their dependencies are built once; then only the
generated crate is rebuilt, several times, in the debug and the release profile, alternating
between the two crates, and the median wall-clock times are printed as a markdown table.

Everything is written under `fastwire-compile-time/` in the workspace's target directory
(normally `target/` of the repository). See README.md beside this script.
"""

import argparse
import datetime
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

SCRIPT_DIR = Path(__file__).resolve().parent
REPO_ROOT = SCRIPT_DIR.parent.parent

# --------------------------------------------------------------------------------------------
# Word pools for the generated types. Names are drawn from these with a seeded generator, so a
# given seed and type count always yields the same source.
# --------------------------------------------------------------------------------------------

DOMAINS = [
    "Customer", "Order", "Invoice", "Payment", "Shipment", "Product", "Inventory", "Warehouse",
    "Supplier", "Account", "Subscription", "Refund", "Cart", "Catalog", "Employee", "Payroll",
    "Ledger", "Tax", "Discount", "Campaign", "Contract", "Vendor", "Store", "Delivery",
]
STRUCT_NOUNS = [
    "Record", "Summary", "Details", "Line", "Item", "Address", "Contact", "Settings", "Snapshot",
    "Request", "Response", "Entry", "Profile", "Limits", "Schedule", "Note", "Policy", "Report",
    "Batch", "Totals",
]
ENUM_NOUNS = ["Status", "Kind", "Method", "Channel", "Reason", "Action", "Event", "Change", "Tier", "Stage"]

UNIT_VARIANTS = [
    "Pending", "Active", "Suspended", "Closed", "Draft", "Approved", "Rejected", "Expired",
    "Archived", "Scheduled", "InProgress", "Completed", "Failed", "Cancelled", "OnHold", "Unknown",
    "Queued", "Retrying", "PartiallyFilled", "Settled",
]
DATA_VARIANTS = [
    "Created", "Updated", "Deleted", "Card", "BankTransfer", "Voucher", "Email", "Sms", "Push",
    "Manual", "Automatic", "Partial", "Full", "Standard", "Express", "Pickup", "Credit", "Debit",
    "Adjustment", "Transfer", "Hold", "Release", "Escalated", "Merged",
]

# Field names by the kind of value they hold; a struct draws its fields' names from the pool of
# each field's type, without repeats.
FIELD_NAMES = {
    "id": ["id", "account_id", "customer_id", "order_id", "external_id", "sequence_number",
           "version", "parent_id", "owner_id", "batch_id"],
    "count": ["quantity", "retry_count", "line_count", "priority", "page_size", "seat_count",
              "max_attempts", "days_overdue"],
    "small": ["level", "rating", "weekday", "month"],
    "signed": ["created_at", "updated_at", "expires_at", "balance_cents", "offset_minutes",
               "adjustment_cents", "deleted_at"],
    "float": ["amount", "unit_price", "tax_rate", "discount_rate", "latitude", "longitude",
              "weight_kg", "score", "exchange_rate", "total_due"],
    "float32": ["ratio", "confidence", "progress"],
    "bool": ["is_active", "verified", "archived", "tax_exempt", "requires_signature",
             "is_default", "auto_renew", "gift_wrapped"],
    "string": ["name", "email", "phone_number", "currency_code", "description", "sku", "city",
               "postal_code", "street_line", "reference", "country_code", "display_name",
               "title", "locale", "time_zone", "status_text"],
    "opt_string": ["middle_name", "notes", "coupon_code", "vat_number", "website",
                   "cancel_reason", "tracking_url", "company_name"],
    "opt_number": ["discount", "max_amount", "parent_sequence", "credit_limit", "min_order"],
    "opt_bool": ["marketing_opt_in", "paperless", "is_primary"],
    "vec_string": ["tags", "labels", "aliases", "permissions", "emails", "categories"],
    "vec_number": ["amounts", "sample_ids", "line_numbers", "scores"],
    "map_string": ["metadata", "attributes", "headers", "custom_fields"],
    "map_number": ["rates", "totals_by_currency", "counters", "limits_by_region"],
}

# The kinds of plain field, their Rust types, and how often each is drawn.
PLAIN_FIELDS = [
    ("id", ["u64", "u32"], 10),
    ("count", ["u32", "u16", "i32"], 8),
    ("small", ["u8"], 2),
    ("signed", ["i64"], 6),
    ("float", ["f64"], 8),
    ("float32", ["f32"], 2),
    ("bool", ["bool"], 7),
    ("string", ["String"], 14),
    ("opt_string", ["Option<String>"], 6),
    ("opt_number", ["Option<f64>", "Option<u32>", "Option<i64>"], 4),
    ("opt_bool", ["Option<bool>"], 2),
    ("vec_string", ["Vec<String>"], 4),
    ("vec_number", ["Vec<u64>", "Vec<f64>"], 3),
    ("map_string", ["BTreeMap<String, String>"], 3),
    ("map_number", ["BTreeMap<String, f64>", "BTreeMap<String, u64>"], 2),
]


def snake(name):
    """`ShipmentStatus` -> `shipment_status`."""
    out = []
    for i, ch in enumerate(name):
        if ch.isupper() and i > 0:
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


def plural(name):
    """`invoice_summary` -> `invoice_summaries`; names already plural get `_list`."""
    if name.endswith("y"):
        return name[:-1] + "ies"
    if name.endswith(("ss", "x", "ch")):
        return name + "es"
    if name.endswith("s"):
        return name + "_list"
    return name + "s"


def pascal(name):
    """`unit_price` -> `UnitPrice`."""
    return "".join(part.capitalize() for part in name.split("_"))


class Field:
    def __init__(self, name, ty, attrs):
        self.name = name
        self.ty = ty
        self.attrs = attrs  # the contents of one `#[serde(...)]`, or empty


class Struct:
    def __init__(self, name, rename_all, fields):
        self.name = name
        self.rename_all = rename_all
        self.fields = fields


class Variant:
    def __init__(self, name, attrs, newtype=None, fields=None):
        self.name = name
        self.attrs = attrs
        self.newtype = newtype  # the type of a newtype variant
        self.fields = fields  # the fields of a struct variant


class Enum:
    def __init__(self, name, style, container_attrs, variants):
        self.name = name
        self.style = style  # "unit", "external" or "internal"
        self.container_attrs = container_attrs
        self.variants = variants


class Generator:
    """Draws the type definitions; each type refers only to types drawn before it."""

    def __init__(self, seed, structs, enums):
        self.rng = random.Random(seed)
        self.n_structs = structs
        self.n_enums = enums
        self.types = []  # Struct and Enum, in definition order
        self.referenced = set()  # names of types some other type uses

    def unique_names(self, prefixes, nouns, count):
        combos = [p + n for p in prefixes for n in nouns]
        self.rng.shuffle(combos)
        names = combos[:count]
        # Past the pool, number the names.
        i = 0
        while len(names) < count:
            names.append("%s%d" % (combos[i % len(combos)], i // len(combos) + 2))
            i += 1
        return names

    def generate(self):
        struct_names = self.unique_names(DOMAINS, STRUCT_NOUNS, self.n_structs)
        enum_names = self.unique_names(DOMAINS, ENUM_NOUNS, self.n_enums)
        # Mix the enums in among the structs; the first few types are structs so that early
        # enums have structs to carry.
        order = ["struct"] * self.n_structs + ["enum"] * self.n_enums
        head = order[: min(3, self.n_structs)]
        tail = order[len(head):]
        self.rng.shuffle(tail)
        order = head + tail
        styles = self.enum_styles()
        for kind in order:
            if kind == "struct":
                self.types.append(self.gen_struct(struct_names.pop(0)))
            else:
                self.types.append(self.gen_enum(enum_names.pop(0), styles.pop(0)))
        return self.types

    def enum_styles(self):
        # About a third unit-only, a sixth internally tagged (at least one when there are
        # three enums or more), the rest externally tagged with data.
        n = self.n_enums
        internal = max(1 if n >= 3 else 0, n // 6)
        unit = max(1 if n >= 2 else 0, n // 3)
        styles = ["internal"] * internal + ["unit"] * unit
        styles += ["external"] * (n - len(styles))
        self.rng.shuffle(styles)
        return styles

    def earlier(self, cls):
        return [t for t in self.types if isinstance(t, cls)]

    def pick_weighted(self, entries):
        total = sum(weight for _, _, weight in entries)
        x = self.rng.uniform(0, total)
        for entry in entries:
            x -= entry[2]
            if x <= 0:
                return entry
        return entries[-1]

    def field_name(self, pool, used):
        choices = [n for n in pool if n not in used]
        if choices:
            return self.rng.choice(choices)
        # Pool exhausted: qualify a name from it.
        for qualifier in ("secondary", "previous", "original", "backup", "pending"):
            for n in pool:
                candidate = "%s_%s" % (qualifier, n)
                if candidate not in used:
                    return candidate
        raise RuntimeError("ran out of field names")

    def gen_field(self, used, allow_rename=True):
        """One field: a plain value or a reference to an earlier type, with serde attributes."""
        structs = self.earlier(Struct)
        enums = self.earlier(Enum)
        r = self.rng.random()
        if structs and r < 0.18:
            target = self.rng.choice(structs)
            self.referenced.add(target.name)
            base = snake(target.name)
            shape = self.rng.choice(["plain", "option", "option", "vec", "vec", "map"])
            if shape == "plain":
                name, ty = base, target.name
            elif shape == "option":
                name, ty = base, "Option<%s>" % target.name
            elif shape == "vec":
                name, ty = plural(base), "Vec<%s>" % target.name
            else:
                name, ty = base + "_by_key", "BTreeMap<String, %s>" % target.name
            if name in used:
                name = self.field_name([name], used)
        elif enums and r < 0.28:
            target = self.rng.choice(enums)
            self.referenced.add(target.name)
            name = snake(target.name)
            ty = self.rng.choice([target.name, target.name, "Option<%s>" % target.name, "Vec<%s>" % target.name])
            if ty.startswith("Vec<"):
                name += "_history"
            if name in used:
                name = self.field_name([name], used)
        else:
            kind, types, _ = self.pick_weighted(PLAIN_FIELDS)
            name = self.field_name(FIELD_NAMES[kind], used)
            ty = self.rng.choice(types)
        used.add(name)
        return Field(name, ty, self.field_attrs(name, ty, allow_rename))

    def field_attrs(self, name, ty, allow_rename):
        attrs = []
        if allow_rename and self.rng.random() < 0.08:
            # A key that no case rule gives: an older API's PascalCase or kebab-case name.
            if "_" in name and self.rng.random() < 0.5:
                attrs.append('rename = "%s"' % name.replace("_", "-"))
            else:
                attrs.append('rename = "%s"' % pascal(name))
        r = self.rng.random()
        if ty.startswith("Option<"):
            if r < 0.45:
                attrs += ["default", 'skip_serializing_if = "Option::is_none"']
            elif r < 0.7:
                attrs.append('skip_serializing_if = "Option::is_none"')
            elif r < 0.8:
                attrs.append("default")
        elif ty.startswith("Vec<"):
            if r < 0.35:
                attrs += ["default", 'skip_serializing_if = "Vec::is_empty"']
            elif r < 0.55:
                attrs.append("default")
        elif ty.startswith("BTreeMap<"):
            if r < 0.4:
                attrs += ["default", 'skip_serializing_if = "BTreeMap::is_empty"']
            elif r < 0.6:
                attrs.append("default")
        elif ty in ("bool", "String", "u8", "u16", "u32", "u64", "i32", "i64", "f32", "f64"):
            if r < 0.1:
                attrs.append("default")
        return attrs

    def gen_struct(self, name):
        rename_all = "camelCase" if self.rng.random() < 0.6 else None
        count = self.rng.choice([3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 12, 14])
        used = set()
        fields = [self.gen_field(used) for _ in range(count)]
        return Struct(name, rename_all, fields)

    def gen_enum(self, name, style):
        rng = self.rng
        if style == "unit":
            names = rng.sample(UNIT_VARIANTS, rng.randint(3, 8))
            rule = rng.choice(["snake_case", "SCREAMING_SNAKE_CASE", "lowercase", None])
            variants = []
            for v in names:
                attrs = []
                if rng.random() < 0.1:
                    attrs.append('rename = "%s"' % snake(v).replace("_", "-"))
                variants.append(Variant(v, attrs))
            container = ['rename_all = "%s"' % rule] if rule else []
            return Enum(name, style, container, variants)

        structs = self.earlier(Struct)
        names = rng.sample(DATA_VARIANTS, rng.randint(3, 6))
        variants = []
        for i, v in enumerate(names):
            shape = rng.choice(["unit", "newtype", "newtype", "struct", "struct"])
            if i == 0 and shape == "unit":
                shape = "struct"  # at least one variant with data
            if shape == "unit":
                variants.append(Variant(v, []))
            elif shape == "newtype" and (style == "external" or structs):
                if style == "internal" or (structs and rng.random() < 0.6):
                    # Internally tagged newtype variants must hold a map-like value: a struct.
                    target = rng.choice(structs)
                    self.referenced.add(target.name)
                    ty = target.name
                else:
                    ty = rng.choice(["String", "u64", "f64", "Vec<String>"])
                variants.append(Variant(v, [], newtype=ty))
            else:
                used = set()
                fields = [self.gen_field(used, allow_rename=False) for _ in range(rng.randint(1, 4))]
                variants.append(Variant(v, [], fields=fields))
        container = []
        if style == "internal":
            container.append('tag = "type"')
            if rng.random() < 0.5:
                container.append('rename_all = "snake_case"')
        elif rng.random() < 0.4:
            container.append('rename_all = "camelCase"')
        return Enum(name, style, container, variants)

    def roots(self):
        """The types no other type refers to, in definition order."""
        return [t for t in self.types if t.name not in self.referenced]


# --------------------------------------------------------------------------------------------
# Rendering the crates.
# --------------------------------------------------------------------------------------------

def serde_attr(attrs, indent):
    return "%s#[serde(%s)]\n" % (indent, ", ".join(attrs)) if attrs else ""


def render_fields(fields, indent, public):
    vis = "pub " if public else ""
    out = []
    for f in fields:
        out.append(serde_attr(f.attrs, indent))
        out.append("%s%s%s: %s,\n" % (indent, vis, f.name, f.ty))
    return "".join(out)


def render_types(types, derive):
    out = []
    for t in types:
        out.append("\n%s\n" % derive)
        if isinstance(t, Struct):
            out.append(serde_attr(['rename_all = "%s"' % t.rename_all] if t.rename_all else [], ""))
            out.append("pub struct %s {\n" % t.name)
            out.append(render_fields(t.fields, "    ", public=True))
            out.append("}\n")
        else:
            out.append(serde_attr(t.container_attrs, ""))
            out.append("pub enum %s {\n" % t.name)
            for v in t.variants:
                out.append(serde_attr(v.attrs, "    "))
                if v.newtype:
                    out.append("    %s(%s),\n" % (v.name, v.newtype))
                elif v.fields:
                    out.append("    %s {\n" % v.name)
                    out.append(render_fields(v.fields, "        ", public=False))
                    out.append("    },\n")
                else:
                    out.append("    %s,\n" % v.name)
            out.append("}\n")
    return "".join(out)


# What each crate derives, and how it reads and writes a value of type {ty} in each format.
# MessagePack is written as maps keyed by field name on both sides (fastwire's `to_vec`,
# rmp-serde's `to_vec_named`).
SIDES = {
    "fastwire": {
        "derive": "#[derive(fastwire::Encode, fastwire::Decode)]",
        "body": """\
    let mut written = 0;
    if let Ok(value) = fastwire::json::from_slice::<{ty}>(json) {{
        written += fastwire::json::to_vec(&value).len();
    }}
    if let Ok(value) = fastwire::msgpack::from_slice::<{ty}>(msgpack) {{
        written += fastwire::msgpack::to_vec(&value).len();
    }}
    written
""",
        "dependencies": 'fastwire = {{ path = {runtime} }}\n',
    },
    "serde": {
        "derive": "#[derive(serde::Serialize, serde::Deserialize)]",
        "body": """\
    let mut written = 0;
    if let Ok(value) = serde_json::from_slice::<{ty}>(json) {{
        written += serde_json::to_vec(&value).map_or(0, |bytes| bytes.len());
    }}
    if let Ok(value) = rmp_serde::from_slice::<{ty}>(msgpack) {{
        written += rmp_serde::to_vec_named(&value).map_or(0, |bytes| bytes.len());
    }}
    written
""",
        "dependencies": (
            'serde = { version = "1", features = ["derive"] }\n'
            'serde_json = "1"\n'
            'rmp-serde = "1.3"\n'
        ),
    },
}


def render_lib(side, types, roots, seed):
    spec = SIDES[side]
    out = [
        "//! Generated by benches/compile-time/compare.py (seed %d): %d types, deriving\n"
        "//! with %s. Do not edit.\n\n" % (seed, len(types), side),
        "use std::collections::BTreeMap;\n",
        render_types(types, spec["derive"]),
        "\n// One function per root type (no other type refers to it): it reads and writes the type in\n"
        "// JSON and in MessagePack, so that the code for every type is instantiated in this crate.\n",
    ]
    for t in roots:
        out.append("\n/// Reads a `%s` from each input and writes it back; returns the bytes written.\n" % t.name)
        out.append("pub fn round_trip_%s(json: &[u8], msgpack: &[u8]) -> usize {\n" % snake(t.name))
        out.append(spec["body"].format(ty=t.name))
        out.append("}\n")
    # Keep BTreeMap's import used even when no type draws a map.
    out.append("\n/// An empty map, which keeps the `BTreeMap` import used in every configuration.\n")
    out.append("pub fn empty_map() -> BTreeMap<String, u64> {\n    BTreeMap::new()\n}\n")
    return "".join(out)


def render_manifest(side):
    deps = SIDES[side]["dependencies"]
    if side == "fastwire":
        # A TOML basic string is JSON-compatible for a path.
        deps = deps.format(runtime=json.dumps(str(REPO_ROOT / "runtime")))
    return (
        "[package]\n"
        'name = "compile-time-%s"\n'
        'version = "0.0.0"\n'
        'edition = "2021"\n'
        "publish = false\n\n"
        "[dependencies]\n"
        "%s\n"
        "# Its own workspace: the crate sits below the repository's, but is not a member of it.\n"
        "[workspace]\n" % (side, deps)
    )


def write_if_changed(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


# --------------------------------------------------------------------------------------------
# Building and timing.
# --------------------------------------------------------------------------------------------

class BuildFailed(Exception):
    def __init__(self, message, output=""):
        super().__init__(message)
        self.output = output  # what cargo printed


def cargo_build(crate_dir, profile, offline=True, locked=True):
    """Runs `cargo build` in the generated crate; returns (seconds, stderr)."""
    cmd = ["cargo", "build", "--target-dir", str(crate_dir / "target")]
    if profile == "release":
        cmd.append("--release")
    if offline:
        cmd.append("--offline")
    if locked:
        cmd.append("--locked")
    env = dict(os.environ, CARGO_INCREMENTAL="0", CARGO_TERM_COLOR="never")
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=crate_dir, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        output = (proc.stdout + proc.stderr).rstrip()
        raise BuildFailed(
            "`%s` failed in %s (exit code %d):\n\n%s" % (" ".join(cmd), crate_dir, proc.returncode, output),
            output,
        )
    return seconds, proc.stderr


def prebuild(crate_dir, profile):
    """Builds the crate and its dependencies once, fetching nothing if everything is cached."""
    try:
        # The copied Cargo.lock gains this crate's own entry here, so no --locked yet.
        cargo_build(crate_dir, profile, offline=True, locked=False)
    except BuildFailed as offline_error:
        # A dependency missing from the local cache: let cargo download it, once.
        if "offline" not in offline_error.output:
            raise
        print("  (not all dependencies are cached; building once with network access)", flush=True)
        cargo_build(crate_dir, profile, offline=False, locked=False)


def timed_rebuild(crate_dir, package, profile):
    """Marks the crate's source as changed and rebuilds it alone; returns the seconds taken."""
    lib = crate_dir / "src" / "lib.rs"
    os.utime(lib)  # now: cargo sees the source newer than its last build
    seconds, log = cargo_build(crate_dir, profile)
    if "Compiling %s" % package not in log:
        raise BuildFailed("cargo did not rebuild %s in %s:\n%s" % (package, crate_dir, log))
    if "Compiling" in log.replace("Compiling %s" % package, ""):
        raise BuildFailed("cargo rebuilt dependencies of %s; were they prebuilt?\n%s" % (package, log))
    return seconds


def rlib_size(crate_dir, package, profile):
    path = crate_dir / "target" / profile / ("lib%s.rlib" % package.replace("-", "_"))
    return path.stat().st_size if path.exists() else None


def target_directory():
    """The workspace's target directory as cargo sees it (CARGO_TARGET_DIR, config, or target/)."""
    try:
        proc = subprocess.run(
            ["cargo", "metadata", "--no-deps", "--format-version", "1", "--offline"],
            cwd=REPO_ROOT, capture_output=True, text=True, check=True,
        )
        return Path(json.loads(proc.stdout)["target_directory"])
    except (subprocess.CalledProcessError, KeyError, ValueError, OSError):
        return REPO_ROOT / "target"


def tool_version(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip()
    except (subprocess.CalledProcessError, OSError):
        return "unknown"


def parse_args():
    parser = argparse.ArgumentParser(
        description=(
            "Compare the compile time of fastwire's derives (JSON and MessagePack) with serde's "
            "derive plus serde_json and rmp-serde, on generated crates with identical types."
        ),
        epilog=(
            "The crates, their builds and result.md go to fastwire-compile-time/ in the "
            "workspace's target directory (target/ unless CARGO_TARGET_DIR or cargo's config "
            "says otherwise)."
        ),
    )
    parser.add_argument("--structs", type=int, default=100, metavar="N", help="structs to generate (default 100)")
    parser.add_argument("--enums", type=int, default=20, metavar="N", help="enums to generate (default 20)")
    parser.add_argument("--reps", type=int, default=3, metavar="N",
                        help="timed rebuilds of each crate per profile; the median is reported (default 3)")
    parser.add_argument("--profiles", default="debug,release", metavar="LIST",
                        help="comma-separated profiles to time: debug, release (default both)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the type generator (default 1)")
    parser.add_argument("--generate-only", action="store_true",
                        help="write the two crates and stop, without building")
    args = parser.parse_args()
    if args.structs < 1 or args.enums < 0 or args.reps < 1:
        parser.error("--structs and --reps must be at least 1, --enums at least 0")
    args.profiles = [p.strip() for p in args.profiles.split(",") if p.strip()]
    if not args.profiles or any(p not in ("debug", "release") for p in args.profiles):
        parser.error("--profiles takes debug, release or both (comma-separated)")
    return args


def fmt_size(size):
    return "n/a" if size is None else "%.1f MiB" % (size / (1024 * 1024))


def main():
    args = parse_args()
    if not (REPO_ROOT / "runtime" / "Cargo.toml").is_file():
        sys.exit("error: %s does not look like the fastwire repository (no runtime/Cargo.toml)" % REPO_ROOT)
    if shutil.which("cargo") is None:
        sys.exit("error: cargo is not on PATH")

    out_dir = target_directory() / "fastwire-compile-time"
    gen = Generator(args.seed, args.structs, args.enums)
    types = gen.generate()
    roots = gen.roots()
    crates = {}
    for side in ("fastwire", "serde"):
        crate_dir = out_dir / side
        write_if_changed(crate_dir / "Cargo.toml", render_manifest(side))
        write_if_changed(crate_dir / "src" / "lib.rs", render_lib(side, types, roots, args.seed))
        # The repository's lock file, so that the dependencies are the versions the repository
        # is tested with and nothing is resolved anew.
        lock = REPO_ROOT / "Cargo.lock"
        if lock.is_file():
            shutil.copyfile(lock, crate_dir / "Cargo.lock")
        crates[side] = (crate_dir, "compile-time-%s" % side)
    print("Generated %d structs and %d enums (%d root types) in %s"
          % (args.structs, args.enums, len(roots), out_dir), flush=True)
    if args.generate_only:
        return 0

    try:
        # Dependencies once per profile; this also checks that both derives accept every type.
        for profile in args.profiles:
            for side, (crate_dir, _) in crates.items():
                print("Prebuilding %s (%s)..." % (side, profile), flush=True)
                prebuild(crate_dir, profile)

        # Timed rebuilds of the generated crate alone, alternating the two crates (and which
        # goes first) so that a slow spell on the machine falls on both.
        samples = {(side, p): [] for side in crates for p in args.profiles}
        for rep in range(args.reps):
            order = list(crates) if rep % 2 == 0 else list(reversed(list(crates)))
            for profile in args.profiles:
                for side in order:
                    crate_dir, package = crates[side]
                    seconds = timed_rebuild(crate_dir, package, profile)
                    samples[(side, profile)].append(seconds)
                    print("  run %d/%d  %-7s %-8s %6.2f s" % (rep + 1, args.reps, profile, side, seconds), flush=True)
    except BuildFailed as error:
        print("\nerror: %s" % error, file=sys.stderr)
        return 1

    rows = [
        "| profile | fastwire (s) | serde + serde_json + rmp-serde (s) | ratio |",
        "|---|---:|---:|---:|",
    ]
    for profile in args.profiles:
        fw = statistics.median(samples[("fastwire", profile)])
        sd = statistics.median(samples[("serde", profile)])
        rows.append("| %s | %.2f | %.2f | %.2fx |" % (profile, fw, sd, fw / sd))
    sizes = [
        "| profile | fastwire rlib | serde rlib |",
        "|---|---:|---:|",
    ]
    for profile in args.profiles:
        sizes.append("| %s | %s | %s |" % (
            profile,
            fmt_size(rlib_size(*crates["fastwire"], profile)),
            fmt_size(rlib_size(*crates["serde"], profile)),
        ))
    runs = []
    for profile in args.profiles:
        for side in crates:
            runs.append("- %s, %s: %s" % (
                profile, side, ", ".join("%.2f" % s for s in samples[(side, profile)])))

    report = "\n".join([
        "Rebuild of the generated crate alone: %d structs and %d enums (%d root types, seed %d), "
        "median of %d runs, CARGO_INCREMENTAL=0. Ratio: fastwire's time over serde's (below 1: "
        "fastwire compiles faster)." % (args.structs, args.enums, len(roots), args.seed, args.reps),
        "",
        *rows,
        "",
        "Size of the generated crate's compiled library:",
        "",
        *sizes,
        "",
        "Every run, in seconds:",
        "",
        *runs,
        "",
        "Measured %s with %s and %s: `benches/compile-time/compare.py%s`." % (
            datetime.date.today().isoformat(), tool_version(["rustc", "-V"]), tool_version(["cargo", "-V"]),
            "".join(" " + a for a in sys.argv[1:])),
        "",
    ])
    print("\n" + report)
    (out_dir / "result.md").write_text(report)
    print("Written to %s" % (out_dir / "result.md"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
