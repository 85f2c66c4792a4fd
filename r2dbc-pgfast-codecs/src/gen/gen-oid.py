#!/usr/bin/env python3
"""Generates io.pgfast.codec.oid.Oid from pg_type rows captured by capture-pg-type.sh.

usage: gen-oid.py OLDEST.tsv NEWEST.tsv > ../main/java/io/pgfast/codec/oid/Oid.java

Keeps the union of both majors' rows with two filters, each for a reason:
- oid < 10000 (FirstGenbkiObjectId): OIDs above it are assigned by initdb and differ between
  majors and even between builds (see src/include/access/transam.h), so they are not constants;
- no composite row types of system catalogs (typtype 'c') and no arrays of them: they describe
  catalog tables, not values an application binds or reads.
Where both majors have a row, the newest major's values win (typcategory of "char" changed
from S to Z in 15, aclitem grew from 12 to 16 bytes in 16).
"""
import sys

FIRST_GENBKI_OBJECT_ID = 10000

COLUMNS = ["oid", "typname", "typarray", "typelem", "typcategory", "typlen",
           "typtype", "typdelim", "typbasetype", "rngsubtype", "rngmultitypid", "version"]


def load(path):
    rows = {}
    for line in open(path, encoding="utf-8"):
        fields = line.rstrip("\n").split("\t")
        row = dict(zip(COLUMNS, fields))
        rows[int(row["oid"])] = row
    return rows


def major(rows):
    return int(next(iter(rows.values()))["version"]) // 10000


def constant(name):
    if name.startswith("_"):
        return name[1:].upper() + "_ARRAY"
    return name.upper()


def main():
    oldest, newest = load(sys.argv[1]), load(sys.argv[2])
    old_major, new_major = major(oldest), major(newest)
    merged = {}
    for oid in sorted(set(oldest) | set(newest)):
        if oid >= FIRST_GENBKI_OBJECT_ID:
            continue
        merged[oid] = newest.get(oid, oldest.get(oid))
    composite = {oid for oid, r in merged.items() if r["typtype"] == "c"}
    kept = {oid: r for oid, r in merged.items()
            if oid not in composite and int(r["typelem"]) not in composite}
    # a multirange's range type: pg_range lists the multirange on the range's row
    range_of = {int(r["rngmultitypid"]): oid for oid, r in kept.items() if int(r["rngmultitypid"]) != 0}

    out = []
    w = out.append
    w("package io.pgfast.codec.oid;")
    w("")
    w("import io.pgfast.codec.PgType;")
    w("")
    w("import java.util.List;")
    w("")
    w("/**")
    w(f" * OIDs of PostgreSQL's built-in types. Generated from pg_type of PostgreSQL {old_major} and {new_major}")
    w(" * by r2dbc-pgfast-codecs/src/gen/gen-oid.py (rows captured by capture-pg-type.sh) &mdash; do not edit.")
    w(" *")
    w(f" * <p>Holds the union of both majors' types with an OID below {FIRST_GENBKI_OBJECT_ID} (FirstGenbkiObjectId:")
    w(" * higher OIDs are assigned by initdb and are not stable), without the row types of system")
    w(" * catalogs. A constant's comment names the type, its typcategory and typlen, and the majors that")
    w(" * lack it. Array types are named {@code ELEMENT_ARRAY} ({@code _int4} is {@link #INT4_ARRAY}).")
    w(" */")
    w("public final class Oid {")
    w("")
    w(f"    /** Every built-in OID is below this bound (FirstGenbkiObjectId); lookups index an array up to it. */")
    w(f"    public static final int BUILTIN_BOUND = {FIRST_GENBKI_OBJECT_ID};")
    w("")
    w("    /** \"Unspecified\" in Parse and Bind: the server infers the parameter's type. */")
    w("    public static final int UNSPECIFIED = 0;")
    w("")
    for oid, r in kept.items():
        note = ""
        if oid not in oldest:
            note = f"; not in {old_major}"
        elif oid not in newest:
            note = f"; not in {new_major}"
        length = {"-1": "variable length", "-2": "C string", "1": "1 byte"}.get(r["typlen"], r["typlen"] + " bytes")
        w(f"    /** {{@code {r['typname']}}}: category {r['typcategory']}, {length}{note}. */")
        w(f"    public static final int {constant(r['typname'])} = {oid};")
        w("")
    w("    private Oid() {")
    w("    }")
    w("")
    w("    /**")
    w("     * The built-in types with their array, element, range and multirange relations, in OID order.")
    w("     */")
    w("    public static List<PgType> builtinTypes() {")
    w("        return List.of(")
    lines = []
    for oid, r in kept.items():
        kind = r["typtype"]
        subtype = int(r["rngsubtype"]) if kind == "r" else range_of.get(oid, 0) if kind == "m" else 0
        def ref(value):
            return constant(kept[int(value)]["typname"]) if int(value) in kept else "0"
        delim = r["typdelim"].replace("\\", "\\\\").replace("'", "\\'")
        lines.append(f"            type({constant(r['typname'])}, \"{r['typname']}\", '{kind}', '{r['typcategory']}', "
                     f"{r['typlen']}, '{delim}', {ref(r['typelem'])}, {ref(r['typarray'])}, {ref(subtype)})")
    w(",\n".join(lines))
    w("        );")
    w("    }")
    w("")
    w("    private static PgType type(int oid, String name, char kind, char category, int length, char delimiter,")
    w("                               int elementOid, int arrayOid, int subtypeOid) {")
    w("        PgType.Builder b = PgType.builder(oid, name).schema(\"pg_catalog\").kind(PgType.Kind.of(kind))")
    w("                .category(category).length((short) length).delimiter(delimiter)")
    w("                .elementOid(elementOid).arrayOid(arrayOid);")
    w("        if (kind == 'r') {")
    w("            b.rangeSubtypeOid(subtypeOid);")
    w("        } else if (kind == 'm') {")
    w("            b.rangeOid(subtypeOid);")
    w("        }")
    w("        return b.build();")
    w("    }")
    w("}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
