package io.pgfast.codec.oid;

import io.pgfast.codec.PgType;

import java.util.List;

/**
 * OIDs of PostgreSQL's built-in types. Generated from pg_type of PostgreSQL 12 and 18
 * by r2dbc-pgfast-codecs/src/gen/gen-oid.py (rows captured by capture-pg-type.sh) &mdash; do not edit.
 *
 * <p>Holds the union of both majors' types with an OID below 10000 (FirstGenbkiObjectId:
 * higher OIDs are assigned by initdb and are not stable), without the row types of system
 * catalogs. A constant's comment names the type, its typcategory and typlen, and the majors that
 * lack it. Array types are named {@code ELEMENT_ARRAY} ({@code _int4} is {@link #INT4_ARRAY}).
 */
public final class Oid {

    /** Every built-in OID is below this bound (FirstGenbkiObjectId); lookups index an array up to it. */
    public static final int BUILTIN_BOUND = 10000;

    /** "Unspecified" in Parse and Bind: the server infers the parameter's type. */
    public static final int UNSPECIFIED = 0;

    /** {@code bool}: category B, 1 byte. */
    public static final int BOOL = 16;

    /** {@code bytea}: category U, variable length. */
    public static final int BYTEA = 17;

    /** {@code char}: category Z, 1 byte. */
    public static final int CHAR = 18;

    /** {@code name}: category S, 64 bytes. */
    public static final int NAME = 19;

    /** {@code int8}: category N, 8 bytes. */
    public static final int INT8 = 20;

    /** {@code int2}: category N, 2 bytes. */
    public static final int INT2 = 21;

    /** {@code int2vector}: category A, variable length. */
    public static final int INT2VECTOR = 22;

    /** {@code int4}: category N, 4 bytes. */
    public static final int INT4 = 23;

    /** {@code regproc}: category N, 4 bytes. */
    public static final int REGPROC = 24;

    /** {@code text}: category S, variable length. */
    public static final int TEXT = 25;

    /** {@code oid}: category N, 4 bytes. */
    public static final int OID = 26;

    /** {@code tid}: category U, 6 bytes. */
    public static final int TID = 27;

    /** {@code xid}: category U, 4 bytes. */
    public static final int XID = 28;

    /** {@code cid}: category U, 4 bytes. */
    public static final int CID = 29;

    /** {@code oidvector}: category A, variable length. */
    public static final int OIDVECTOR = 30;

    /** {@code pg_ddl_command}: category P, 8 bytes. */
    public static final int PG_DDL_COMMAND = 32;

    /** {@code json}: category U, variable length. */
    public static final int JSON = 114;

    /** {@code xml}: category U, variable length. */
    public static final int XML = 142;

    /** {@code _xml}: category A, variable length. */
    public static final int XML_ARRAY = 143;

    /** {@code pg_node_tree}: category Z, variable length. */
    public static final int PG_NODE_TREE = 194;

    /** {@code _json}: category A, variable length. */
    public static final int JSON_ARRAY = 199;

    /** {@code table_am_handler}: category P, 4 bytes. */
    public static final int TABLE_AM_HANDLER = 269;

    /** {@code _xid8}: category A, variable length; not in 12. */
    public static final int XID8_ARRAY = 271;

    /** {@code index_am_handler}: category P, 4 bytes. */
    public static final int INDEX_AM_HANDLER = 325;

    /** {@code point}: category G, 16 bytes. */
    public static final int POINT = 600;

    /** {@code lseg}: category G, 32 bytes. */
    public static final int LSEG = 601;

    /** {@code path}: category G, variable length. */
    public static final int PATH = 602;

    /** {@code box}: category G, 32 bytes. */
    public static final int BOX = 603;

    /** {@code polygon}: category G, variable length. */
    public static final int POLYGON = 604;

    /** {@code line}: category G, 24 bytes. */
    public static final int LINE = 628;

    /** {@code _line}: category A, variable length. */
    public static final int LINE_ARRAY = 629;

    /** {@code cidr}: category I, variable length. */
    public static final int CIDR = 650;

    /** {@code _cidr}: category A, variable length. */
    public static final int CIDR_ARRAY = 651;

    /** {@code float4}: category N, 4 bytes. */
    public static final int FLOAT4 = 700;

    /** {@code float8}: category N, 8 bytes. */
    public static final int FLOAT8 = 701;

    /** {@code unknown}: category X, C string. */
    public static final int UNKNOWN = 705;

    /** {@code circle}: category G, 24 bytes. */
    public static final int CIRCLE = 718;

    /** {@code _circle}: category A, variable length. */
    public static final int CIRCLE_ARRAY = 719;

    /** {@code macaddr8}: category U, 8 bytes. */
    public static final int MACADDR8 = 774;

    /** {@code _macaddr8}: category A, variable length. */
    public static final int MACADDR8_ARRAY = 775;

    /** {@code money}: category N, 8 bytes. */
    public static final int MONEY = 790;

    /** {@code _money}: category A, variable length. */
    public static final int MONEY_ARRAY = 791;

    /** {@code macaddr}: category U, 6 bytes. */
    public static final int MACADDR = 829;

    /** {@code inet}: category I, variable length. */
    public static final int INET = 869;

    /** {@code _bool}: category A, variable length. */
    public static final int BOOL_ARRAY = 1000;

    /** {@code _bytea}: category A, variable length. */
    public static final int BYTEA_ARRAY = 1001;

    /** {@code _char}: category A, variable length. */
    public static final int CHAR_ARRAY = 1002;

    /** {@code _name}: category A, variable length. */
    public static final int NAME_ARRAY = 1003;

    /** {@code _int2}: category A, variable length. */
    public static final int INT2_ARRAY = 1005;

    /** {@code _int2vector}: category A, variable length. */
    public static final int INT2VECTOR_ARRAY = 1006;

    /** {@code _int4}: category A, variable length. */
    public static final int INT4_ARRAY = 1007;

    /** {@code _regproc}: category A, variable length. */
    public static final int REGPROC_ARRAY = 1008;

    /** {@code _text}: category A, variable length. */
    public static final int TEXT_ARRAY = 1009;

    /** {@code _tid}: category A, variable length. */
    public static final int TID_ARRAY = 1010;

    /** {@code _xid}: category A, variable length. */
    public static final int XID_ARRAY = 1011;

    /** {@code _cid}: category A, variable length. */
    public static final int CID_ARRAY = 1012;

    /** {@code _oidvector}: category A, variable length. */
    public static final int OIDVECTOR_ARRAY = 1013;

    /** {@code _bpchar}: category A, variable length. */
    public static final int BPCHAR_ARRAY = 1014;

    /** {@code _varchar}: category A, variable length. */
    public static final int VARCHAR_ARRAY = 1015;

    /** {@code _int8}: category A, variable length. */
    public static final int INT8_ARRAY = 1016;

    /** {@code _point}: category A, variable length. */
    public static final int POINT_ARRAY = 1017;

    /** {@code _lseg}: category A, variable length. */
    public static final int LSEG_ARRAY = 1018;

    /** {@code _path}: category A, variable length. */
    public static final int PATH_ARRAY = 1019;

    /** {@code _box}: category A, variable length. */
    public static final int BOX_ARRAY = 1020;

    /** {@code _float4}: category A, variable length. */
    public static final int FLOAT4_ARRAY = 1021;

    /** {@code _float8}: category A, variable length. */
    public static final int FLOAT8_ARRAY = 1022;

    /** {@code _polygon}: category A, variable length. */
    public static final int POLYGON_ARRAY = 1027;

    /** {@code _oid}: category A, variable length. */
    public static final int OID_ARRAY = 1028;

    /** {@code aclitem}: category U, 16 bytes. */
    public static final int ACLITEM = 1033;

    /** {@code _aclitem}: category A, variable length. */
    public static final int ACLITEM_ARRAY = 1034;

    /** {@code _macaddr}: category A, variable length. */
    public static final int MACADDR_ARRAY = 1040;

    /** {@code _inet}: category A, variable length. */
    public static final int INET_ARRAY = 1041;

    /** {@code bpchar}: category S, variable length. */
    public static final int BPCHAR = 1042;

    /** {@code varchar}: category S, variable length. */
    public static final int VARCHAR = 1043;

    /** {@code date}: category D, 4 bytes. */
    public static final int DATE = 1082;

    /** {@code time}: category D, 8 bytes. */
    public static final int TIME = 1083;

    /** {@code timestamp}: category D, 8 bytes. */
    public static final int TIMESTAMP = 1114;

    /** {@code _timestamp}: category A, variable length. */
    public static final int TIMESTAMP_ARRAY = 1115;

    /** {@code _date}: category A, variable length. */
    public static final int DATE_ARRAY = 1182;

    /** {@code _time}: category A, variable length. */
    public static final int TIME_ARRAY = 1183;

    /** {@code timestamptz}: category D, 8 bytes. */
    public static final int TIMESTAMPTZ = 1184;

    /** {@code _timestamptz}: category A, variable length. */
    public static final int TIMESTAMPTZ_ARRAY = 1185;

    /** {@code interval}: category T, 16 bytes. */
    public static final int INTERVAL = 1186;

    /** {@code _interval}: category A, variable length. */
    public static final int INTERVAL_ARRAY = 1187;

    /** {@code _numeric}: category A, variable length. */
    public static final int NUMERIC_ARRAY = 1231;

    /** {@code _cstring}: category A, variable length. */
    public static final int CSTRING_ARRAY = 1263;

    /** {@code timetz}: category D, 12 bytes. */
    public static final int TIMETZ = 1266;

    /** {@code _timetz}: category A, variable length. */
    public static final int TIMETZ_ARRAY = 1270;

    /** {@code bit}: category V, variable length. */
    public static final int BIT = 1560;

    /** {@code _bit}: category A, variable length. */
    public static final int BIT_ARRAY = 1561;

    /** {@code varbit}: category V, variable length. */
    public static final int VARBIT = 1562;

    /** {@code _varbit}: category A, variable length. */
    public static final int VARBIT_ARRAY = 1563;

    /** {@code numeric}: category N, variable length. */
    public static final int NUMERIC = 1700;

    /** {@code refcursor}: category U, variable length. */
    public static final int REFCURSOR = 1790;

    /** {@code _refcursor}: category A, variable length. */
    public static final int REFCURSOR_ARRAY = 2201;

    /** {@code regprocedure}: category N, 4 bytes. */
    public static final int REGPROCEDURE = 2202;

    /** {@code regoper}: category N, 4 bytes. */
    public static final int REGOPER = 2203;

    /** {@code regoperator}: category N, 4 bytes. */
    public static final int REGOPERATOR = 2204;

    /** {@code regclass}: category N, 4 bytes. */
    public static final int REGCLASS = 2205;

    /** {@code regtype}: category N, 4 bytes. */
    public static final int REGTYPE = 2206;

    /** {@code _regprocedure}: category A, variable length. */
    public static final int REGPROCEDURE_ARRAY = 2207;

    /** {@code _regoper}: category A, variable length. */
    public static final int REGOPER_ARRAY = 2208;

    /** {@code _regoperator}: category A, variable length. */
    public static final int REGOPERATOR_ARRAY = 2209;

    /** {@code _regclass}: category A, variable length. */
    public static final int REGCLASS_ARRAY = 2210;

    /** {@code _regtype}: category A, variable length. */
    public static final int REGTYPE_ARRAY = 2211;

    /** {@code record}: category P, variable length. */
    public static final int RECORD = 2249;

    /** {@code cstring}: category P, C string. */
    public static final int CSTRING = 2275;

    /** {@code any}: category P, 4 bytes. */
    public static final int ANY = 2276;

    /** {@code anyarray}: category P, variable length. */
    public static final int ANYARRAY = 2277;

    /** {@code void}: category P, 4 bytes. */
    public static final int VOID = 2278;

    /** {@code trigger}: category P, 4 bytes. */
    public static final int TRIGGER = 2279;

    /** {@code language_handler}: category P, 4 bytes. */
    public static final int LANGUAGE_HANDLER = 2280;

    /** {@code internal}: category P, 8 bytes. */
    public static final int INTERNAL = 2281;

    /** {@code opaque}: category P, 4 bytes; not in 18. */
    public static final int OPAQUE = 2282;

    /** {@code anyelement}: category P, 4 bytes. */
    public static final int ANYELEMENT = 2283;

    /** {@code _record}: category P, variable length. */
    public static final int RECORD_ARRAY = 2287;

    /** {@code anynonarray}: category P, 4 bytes. */
    public static final int ANYNONARRAY = 2776;

    /** {@code _txid_snapshot}: category A, variable length. */
    public static final int TXID_SNAPSHOT_ARRAY = 2949;

    /** {@code uuid}: category U, 16 bytes. */
    public static final int UUID = 2950;

    /** {@code _uuid}: category A, variable length. */
    public static final int UUID_ARRAY = 2951;

    /** {@code txid_snapshot}: category U, variable length. */
    public static final int TXID_SNAPSHOT = 2970;

    /** {@code fdw_handler}: category P, 4 bytes. */
    public static final int FDW_HANDLER = 3115;

    /** {@code pg_lsn}: category U, 8 bytes. */
    public static final int PG_LSN = 3220;

    /** {@code _pg_lsn}: category A, variable length. */
    public static final int PG_LSN_ARRAY = 3221;

    /** {@code tsm_handler}: category P, 4 bytes. */
    public static final int TSM_HANDLER = 3310;

    /** {@code pg_ndistinct}: category Z, variable length. */
    public static final int PG_NDISTINCT = 3361;

    /** {@code pg_dependencies}: category Z, variable length. */
    public static final int PG_DEPENDENCIES = 3402;

    /** {@code anyenum}: category P, 4 bytes. */
    public static final int ANYENUM = 3500;

    /** {@code tsvector}: category U, variable length. */
    public static final int TSVECTOR = 3614;

    /** {@code tsquery}: category U, variable length. */
    public static final int TSQUERY = 3615;

    /** {@code gtsvector}: category U, variable length. */
    public static final int GTSVECTOR = 3642;

    /** {@code _tsvector}: category A, variable length. */
    public static final int TSVECTOR_ARRAY = 3643;

    /** {@code _gtsvector}: category A, variable length. */
    public static final int GTSVECTOR_ARRAY = 3644;

    /** {@code _tsquery}: category A, variable length. */
    public static final int TSQUERY_ARRAY = 3645;

    /** {@code regconfig}: category N, 4 bytes. */
    public static final int REGCONFIG = 3734;

    /** {@code _regconfig}: category A, variable length. */
    public static final int REGCONFIG_ARRAY = 3735;

    /** {@code regdictionary}: category N, 4 bytes. */
    public static final int REGDICTIONARY = 3769;

    /** {@code _regdictionary}: category A, variable length. */
    public static final int REGDICTIONARY_ARRAY = 3770;

    /** {@code jsonb}: category U, variable length. */
    public static final int JSONB = 3802;

    /** {@code _jsonb}: category A, variable length. */
    public static final int JSONB_ARRAY = 3807;

    /** {@code anyrange}: category P, variable length. */
    public static final int ANYRANGE = 3831;

    /** {@code event_trigger}: category P, 4 bytes. */
    public static final int EVENT_TRIGGER = 3838;

    /** {@code int4range}: category R, variable length. */
    public static final int INT4RANGE = 3904;

    /** {@code _int4range}: category A, variable length. */
    public static final int INT4RANGE_ARRAY = 3905;

    /** {@code numrange}: category R, variable length. */
    public static final int NUMRANGE = 3906;

    /** {@code _numrange}: category A, variable length. */
    public static final int NUMRANGE_ARRAY = 3907;

    /** {@code tsrange}: category R, variable length. */
    public static final int TSRANGE = 3908;

    /** {@code _tsrange}: category A, variable length. */
    public static final int TSRANGE_ARRAY = 3909;

    /** {@code tstzrange}: category R, variable length. */
    public static final int TSTZRANGE = 3910;

    /** {@code _tstzrange}: category A, variable length. */
    public static final int TSTZRANGE_ARRAY = 3911;

    /** {@code daterange}: category R, variable length. */
    public static final int DATERANGE = 3912;

    /** {@code _daterange}: category A, variable length. */
    public static final int DATERANGE_ARRAY = 3913;

    /** {@code int8range}: category R, variable length. */
    public static final int INT8RANGE = 3926;

    /** {@code _int8range}: category A, variable length. */
    public static final int INT8RANGE_ARRAY = 3927;

    /** {@code jsonpath}: category U, variable length. */
    public static final int JSONPATH = 4072;

    /** {@code _jsonpath}: category A, variable length. */
    public static final int JSONPATH_ARRAY = 4073;

    /** {@code regnamespace}: category N, 4 bytes. */
    public static final int REGNAMESPACE = 4089;

    /** {@code _regnamespace}: category A, variable length. */
    public static final int REGNAMESPACE_ARRAY = 4090;

    /** {@code regrole}: category N, 4 bytes. */
    public static final int REGROLE = 4096;

    /** {@code _regrole}: category A, variable length. */
    public static final int REGROLE_ARRAY = 4097;

    /** {@code regcollation}: category N, 4 bytes; not in 12. */
    public static final int REGCOLLATION = 4191;

    /** {@code _regcollation}: category A, variable length; not in 12. */
    public static final int REGCOLLATION_ARRAY = 4192;

    /** {@code int4multirange}: category R, variable length; not in 12. */
    public static final int INT4MULTIRANGE = 4451;

    /** {@code nummultirange}: category R, variable length; not in 12. */
    public static final int NUMMULTIRANGE = 4532;

    /** {@code tsmultirange}: category R, variable length; not in 12. */
    public static final int TSMULTIRANGE = 4533;

    /** {@code tstzmultirange}: category R, variable length; not in 12. */
    public static final int TSTZMULTIRANGE = 4534;

    /** {@code datemultirange}: category R, variable length; not in 12. */
    public static final int DATEMULTIRANGE = 4535;

    /** {@code int8multirange}: category R, variable length; not in 12. */
    public static final int INT8MULTIRANGE = 4536;

    /** {@code anymultirange}: category P, variable length; not in 12. */
    public static final int ANYMULTIRANGE = 4537;

    /** {@code anycompatiblemultirange}: category P, variable length; not in 12. */
    public static final int ANYCOMPATIBLEMULTIRANGE = 4538;

    /** {@code pg_brin_bloom_summary}: category Z, variable length; not in 12. */
    public static final int PG_BRIN_BLOOM_SUMMARY = 4600;

    /** {@code pg_brin_minmax_multi_summary}: category Z, variable length; not in 12. */
    public static final int PG_BRIN_MINMAX_MULTI_SUMMARY = 4601;

    /** {@code pg_mcv_list}: category Z, variable length. */
    public static final int PG_MCV_LIST = 5017;

    /** {@code pg_snapshot}: category U, variable length; not in 12. */
    public static final int PG_SNAPSHOT = 5038;

    /** {@code _pg_snapshot}: category A, variable length; not in 12. */
    public static final int PG_SNAPSHOT_ARRAY = 5039;

    /** {@code xid8}: category U, 8 bytes; not in 12. */
    public static final int XID8 = 5069;

    /** {@code anycompatible}: category P, 4 bytes; not in 12. */
    public static final int ANYCOMPATIBLE = 5077;

    /** {@code anycompatiblearray}: category P, variable length; not in 12. */
    public static final int ANYCOMPATIBLEARRAY = 5078;

    /** {@code anycompatiblenonarray}: category P, 4 bytes; not in 12. */
    public static final int ANYCOMPATIBLENONARRAY = 5079;

    /** {@code anycompatiblerange}: category P, variable length; not in 12. */
    public static final int ANYCOMPATIBLERANGE = 5080;

    /** {@code _int4multirange}: category A, variable length; not in 12. */
    public static final int INT4MULTIRANGE_ARRAY = 6150;

    /** {@code _nummultirange}: category A, variable length; not in 12. */
    public static final int NUMMULTIRANGE_ARRAY = 6151;

    /** {@code _tsmultirange}: category A, variable length; not in 12. */
    public static final int TSMULTIRANGE_ARRAY = 6152;

    /** {@code _tstzmultirange}: category A, variable length; not in 12. */
    public static final int TSTZMULTIRANGE_ARRAY = 6153;

    /** {@code _datemultirange}: category A, variable length; not in 12. */
    public static final int DATEMULTIRANGE_ARRAY = 6155;

    /** {@code _int8multirange}: category A, variable length; not in 12. */
    public static final int INT8MULTIRANGE_ARRAY = 6157;

    private Oid() {
    }

    /**
     * The built-in types with their array, element, range and multirange relations, in OID order.
     */
    public static List<PgType> builtinTypes() {
        return List.of(
            type(BOOL, "bool", 'b', 'B', 1, ',', 0, BOOL_ARRAY, 0),
            type(BYTEA, "bytea", 'b', 'U', -1, ',', 0, BYTEA_ARRAY, 0),
            type(CHAR, "char", 'b', 'Z', 1, ',', 0, CHAR_ARRAY, 0),
            type(NAME, "name", 'b', 'S', 64, ',', CHAR, NAME_ARRAY, 0),
            type(INT8, "int8", 'b', 'N', 8, ',', 0, INT8_ARRAY, 0),
            type(INT2, "int2", 'b', 'N', 2, ',', 0, INT2_ARRAY, 0),
            type(INT2VECTOR, "int2vector", 'b', 'A', -1, ',', INT2, INT2VECTOR_ARRAY, 0),
            type(INT4, "int4", 'b', 'N', 4, ',', 0, INT4_ARRAY, 0),
            type(REGPROC, "regproc", 'b', 'N', 4, ',', 0, REGPROC_ARRAY, 0),
            type(TEXT, "text", 'b', 'S', -1, ',', 0, TEXT_ARRAY, 0),
            type(OID, "oid", 'b', 'N', 4, ',', 0, OID_ARRAY, 0),
            type(TID, "tid", 'b', 'U', 6, ',', 0, TID_ARRAY, 0),
            type(XID, "xid", 'b', 'U', 4, ',', 0, XID_ARRAY, 0),
            type(CID, "cid", 'b', 'U', 4, ',', 0, CID_ARRAY, 0),
            type(OIDVECTOR, "oidvector", 'b', 'A', -1, ',', OID, OIDVECTOR_ARRAY, 0),
            type(PG_DDL_COMMAND, "pg_ddl_command", 'p', 'P', 8, ',', 0, 0, 0),
            type(JSON, "json", 'b', 'U', -1, ',', 0, JSON_ARRAY, 0),
            type(XML, "xml", 'b', 'U', -1, ',', 0, XML_ARRAY, 0),
            type(XML_ARRAY, "_xml", 'b', 'A', -1, ',', XML, 0, 0),
            type(PG_NODE_TREE, "pg_node_tree", 'b', 'Z', -1, ',', 0, 0, 0),
            type(JSON_ARRAY, "_json", 'b', 'A', -1, ',', JSON, 0, 0),
            type(TABLE_AM_HANDLER, "table_am_handler", 'p', 'P', 4, ',', 0, 0, 0),
            type(XID8_ARRAY, "_xid8", 'b', 'A', -1, ',', XID8, 0, 0),
            type(INDEX_AM_HANDLER, "index_am_handler", 'p', 'P', 4, ',', 0, 0, 0),
            type(POINT, "point", 'b', 'G', 16, ',', FLOAT8, POINT_ARRAY, 0),
            type(LSEG, "lseg", 'b', 'G', 32, ',', POINT, LSEG_ARRAY, 0),
            type(PATH, "path", 'b', 'G', -1, ',', 0, PATH_ARRAY, 0),
            type(BOX, "box", 'b', 'G', 32, ';', POINT, BOX_ARRAY, 0),
            type(POLYGON, "polygon", 'b', 'G', -1, ',', 0, POLYGON_ARRAY, 0),
            type(LINE, "line", 'b', 'G', 24, ',', FLOAT8, LINE_ARRAY, 0),
            type(LINE_ARRAY, "_line", 'b', 'A', -1, ',', LINE, 0, 0),
            type(CIDR, "cidr", 'b', 'I', -1, ',', 0, CIDR_ARRAY, 0),
            type(CIDR_ARRAY, "_cidr", 'b', 'A', -1, ',', CIDR, 0, 0),
            type(FLOAT4, "float4", 'b', 'N', 4, ',', 0, FLOAT4_ARRAY, 0),
            type(FLOAT8, "float8", 'b', 'N', 8, ',', 0, FLOAT8_ARRAY, 0),
            type(UNKNOWN, "unknown", 'p', 'X', -2, ',', 0, 0, 0),
            type(CIRCLE, "circle", 'b', 'G', 24, ',', 0, CIRCLE_ARRAY, 0),
            type(CIRCLE_ARRAY, "_circle", 'b', 'A', -1, ',', CIRCLE, 0, 0),
            type(MACADDR8, "macaddr8", 'b', 'U', 8, ',', 0, MACADDR8_ARRAY, 0),
            type(MACADDR8_ARRAY, "_macaddr8", 'b', 'A', -1, ',', MACADDR8, 0, 0),
            type(MONEY, "money", 'b', 'N', 8, ',', 0, MONEY_ARRAY, 0),
            type(MONEY_ARRAY, "_money", 'b', 'A', -1, ',', MONEY, 0, 0),
            type(MACADDR, "macaddr", 'b', 'U', 6, ',', 0, MACADDR_ARRAY, 0),
            type(INET, "inet", 'b', 'I', -1, ',', 0, INET_ARRAY, 0),
            type(BOOL_ARRAY, "_bool", 'b', 'A', -1, ',', BOOL, 0, 0),
            type(BYTEA_ARRAY, "_bytea", 'b', 'A', -1, ',', BYTEA, 0, 0),
            type(CHAR_ARRAY, "_char", 'b', 'A', -1, ',', CHAR, 0, 0),
            type(NAME_ARRAY, "_name", 'b', 'A', -1, ',', NAME, 0, 0),
            type(INT2_ARRAY, "_int2", 'b', 'A', -1, ',', INT2, 0, 0),
            type(INT2VECTOR_ARRAY, "_int2vector", 'b', 'A', -1, ',', INT2VECTOR, 0, 0),
            type(INT4_ARRAY, "_int4", 'b', 'A', -1, ',', INT4, 0, 0),
            type(REGPROC_ARRAY, "_regproc", 'b', 'A', -1, ',', REGPROC, 0, 0),
            type(TEXT_ARRAY, "_text", 'b', 'A', -1, ',', TEXT, 0, 0),
            type(TID_ARRAY, "_tid", 'b', 'A', -1, ',', TID, 0, 0),
            type(XID_ARRAY, "_xid", 'b', 'A', -1, ',', XID, 0, 0),
            type(CID_ARRAY, "_cid", 'b', 'A', -1, ',', CID, 0, 0),
            type(OIDVECTOR_ARRAY, "_oidvector", 'b', 'A', -1, ',', OIDVECTOR, 0, 0),
            type(BPCHAR_ARRAY, "_bpchar", 'b', 'A', -1, ',', BPCHAR, 0, 0),
            type(VARCHAR_ARRAY, "_varchar", 'b', 'A', -1, ',', VARCHAR, 0, 0),
            type(INT8_ARRAY, "_int8", 'b', 'A', -1, ',', INT8, 0, 0),
            type(POINT_ARRAY, "_point", 'b', 'A', -1, ',', POINT, 0, 0),
            type(LSEG_ARRAY, "_lseg", 'b', 'A', -1, ',', LSEG, 0, 0),
            type(PATH_ARRAY, "_path", 'b', 'A', -1, ',', PATH, 0, 0),
            type(BOX_ARRAY, "_box", 'b', 'A', -1, ';', BOX, 0, 0),
            type(FLOAT4_ARRAY, "_float4", 'b', 'A', -1, ',', FLOAT4, 0, 0),
            type(FLOAT8_ARRAY, "_float8", 'b', 'A', -1, ',', FLOAT8, 0, 0),
            type(POLYGON_ARRAY, "_polygon", 'b', 'A', -1, ',', POLYGON, 0, 0),
            type(OID_ARRAY, "_oid", 'b', 'A', -1, ',', OID, 0, 0),
            type(ACLITEM, "aclitem", 'b', 'U', 16, ',', 0, ACLITEM_ARRAY, 0),
            type(ACLITEM_ARRAY, "_aclitem", 'b', 'A', -1, ',', ACLITEM, 0, 0),
            type(MACADDR_ARRAY, "_macaddr", 'b', 'A', -1, ',', MACADDR, 0, 0),
            type(INET_ARRAY, "_inet", 'b', 'A', -1, ',', INET, 0, 0),
            type(BPCHAR, "bpchar", 'b', 'S', -1, ',', 0, BPCHAR_ARRAY, 0),
            type(VARCHAR, "varchar", 'b', 'S', -1, ',', 0, VARCHAR_ARRAY, 0),
            type(DATE, "date", 'b', 'D', 4, ',', 0, DATE_ARRAY, 0),
            type(TIME, "time", 'b', 'D', 8, ',', 0, TIME_ARRAY, 0),
            type(TIMESTAMP, "timestamp", 'b', 'D', 8, ',', 0, TIMESTAMP_ARRAY, 0),
            type(TIMESTAMP_ARRAY, "_timestamp", 'b', 'A', -1, ',', TIMESTAMP, 0, 0),
            type(DATE_ARRAY, "_date", 'b', 'A', -1, ',', DATE, 0, 0),
            type(TIME_ARRAY, "_time", 'b', 'A', -1, ',', TIME, 0, 0),
            type(TIMESTAMPTZ, "timestamptz", 'b', 'D', 8, ',', 0, TIMESTAMPTZ_ARRAY, 0),
            type(TIMESTAMPTZ_ARRAY, "_timestamptz", 'b', 'A', -1, ',', TIMESTAMPTZ, 0, 0),
            type(INTERVAL, "interval", 'b', 'T', 16, ',', 0, INTERVAL_ARRAY, 0),
            type(INTERVAL_ARRAY, "_interval", 'b', 'A', -1, ',', INTERVAL, 0, 0),
            type(NUMERIC_ARRAY, "_numeric", 'b', 'A', -1, ',', NUMERIC, 0, 0),
            type(CSTRING_ARRAY, "_cstring", 'b', 'A', -1, ',', CSTRING, 0, 0),
            type(TIMETZ, "timetz", 'b', 'D', 12, ',', 0, TIMETZ_ARRAY, 0),
            type(TIMETZ_ARRAY, "_timetz", 'b', 'A', -1, ',', TIMETZ, 0, 0),
            type(BIT, "bit", 'b', 'V', -1, ',', 0, BIT_ARRAY, 0),
            type(BIT_ARRAY, "_bit", 'b', 'A', -1, ',', BIT, 0, 0),
            type(VARBIT, "varbit", 'b', 'V', -1, ',', 0, VARBIT_ARRAY, 0),
            type(VARBIT_ARRAY, "_varbit", 'b', 'A', -1, ',', VARBIT, 0, 0),
            type(NUMERIC, "numeric", 'b', 'N', -1, ',', 0, NUMERIC_ARRAY, 0),
            type(REFCURSOR, "refcursor", 'b', 'U', -1, ',', 0, REFCURSOR_ARRAY, 0),
            type(REFCURSOR_ARRAY, "_refcursor", 'b', 'A', -1, ',', REFCURSOR, 0, 0),
            type(REGPROCEDURE, "regprocedure", 'b', 'N', 4, ',', 0, REGPROCEDURE_ARRAY, 0),
            type(REGOPER, "regoper", 'b', 'N', 4, ',', 0, REGOPER_ARRAY, 0),
            type(REGOPERATOR, "regoperator", 'b', 'N', 4, ',', 0, REGOPERATOR_ARRAY, 0),
            type(REGCLASS, "regclass", 'b', 'N', 4, ',', 0, REGCLASS_ARRAY, 0),
            type(REGTYPE, "regtype", 'b', 'N', 4, ',', 0, REGTYPE_ARRAY, 0),
            type(REGPROCEDURE_ARRAY, "_regprocedure", 'b', 'A', -1, ',', REGPROCEDURE, 0, 0),
            type(REGOPER_ARRAY, "_regoper", 'b', 'A', -1, ',', REGOPER, 0, 0),
            type(REGOPERATOR_ARRAY, "_regoperator", 'b', 'A', -1, ',', REGOPERATOR, 0, 0),
            type(REGCLASS_ARRAY, "_regclass", 'b', 'A', -1, ',', REGCLASS, 0, 0),
            type(REGTYPE_ARRAY, "_regtype", 'b', 'A', -1, ',', REGTYPE, 0, 0),
            type(RECORD, "record", 'p', 'P', -1, ',', 0, RECORD_ARRAY, 0),
            type(CSTRING, "cstring", 'p', 'P', -2, ',', 0, CSTRING_ARRAY, 0),
            type(ANY, "any", 'p', 'P', 4, ',', 0, 0, 0),
            type(ANYARRAY, "anyarray", 'p', 'P', -1, ',', 0, 0, 0),
            type(VOID, "void", 'p', 'P', 4, ',', 0, 0, 0),
            type(TRIGGER, "trigger", 'p', 'P', 4, ',', 0, 0, 0),
            type(LANGUAGE_HANDLER, "language_handler", 'p', 'P', 4, ',', 0, 0, 0),
            type(INTERNAL, "internal", 'p', 'P', 8, ',', 0, 0, 0),
            type(OPAQUE, "opaque", 'p', 'P', 4, ',', 0, 0, 0),
            type(ANYELEMENT, "anyelement", 'p', 'P', 4, ',', 0, 0, 0),
            type(RECORD_ARRAY, "_record", 'p', 'P', -1, ',', RECORD, 0, 0),
            type(ANYNONARRAY, "anynonarray", 'p', 'P', 4, ',', 0, 0, 0),
            type(TXID_SNAPSHOT_ARRAY, "_txid_snapshot", 'b', 'A', -1, ',', TXID_SNAPSHOT, 0, 0),
            type(UUID, "uuid", 'b', 'U', 16, ',', 0, UUID_ARRAY, 0),
            type(UUID_ARRAY, "_uuid", 'b', 'A', -1, ',', UUID, 0, 0),
            type(TXID_SNAPSHOT, "txid_snapshot", 'b', 'U', -1, ',', 0, TXID_SNAPSHOT_ARRAY, 0),
            type(FDW_HANDLER, "fdw_handler", 'p', 'P', 4, ',', 0, 0, 0),
            type(PG_LSN, "pg_lsn", 'b', 'U', 8, ',', 0, PG_LSN_ARRAY, 0),
            type(PG_LSN_ARRAY, "_pg_lsn", 'b', 'A', -1, ',', PG_LSN, 0, 0),
            type(TSM_HANDLER, "tsm_handler", 'p', 'P', 4, ',', 0, 0, 0),
            type(PG_NDISTINCT, "pg_ndistinct", 'b', 'Z', -1, ',', 0, 0, 0),
            type(PG_DEPENDENCIES, "pg_dependencies", 'b', 'Z', -1, ',', 0, 0, 0),
            type(ANYENUM, "anyenum", 'p', 'P', 4, ',', 0, 0, 0),
            type(TSVECTOR, "tsvector", 'b', 'U', -1, ',', 0, TSVECTOR_ARRAY, 0),
            type(TSQUERY, "tsquery", 'b', 'U', -1, ',', 0, TSQUERY_ARRAY, 0),
            type(GTSVECTOR, "gtsvector", 'b', 'U', -1, ',', 0, GTSVECTOR_ARRAY, 0),
            type(TSVECTOR_ARRAY, "_tsvector", 'b', 'A', -1, ',', TSVECTOR, 0, 0),
            type(GTSVECTOR_ARRAY, "_gtsvector", 'b', 'A', -1, ',', GTSVECTOR, 0, 0),
            type(TSQUERY_ARRAY, "_tsquery", 'b', 'A', -1, ',', TSQUERY, 0, 0),
            type(REGCONFIG, "regconfig", 'b', 'N', 4, ',', 0, REGCONFIG_ARRAY, 0),
            type(REGCONFIG_ARRAY, "_regconfig", 'b', 'A', -1, ',', REGCONFIG, 0, 0),
            type(REGDICTIONARY, "regdictionary", 'b', 'N', 4, ',', 0, REGDICTIONARY_ARRAY, 0),
            type(REGDICTIONARY_ARRAY, "_regdictionary", 'b', 'A', -1, ',', REGDICTIONARY, 0, 0),
            type(JSONB, "jsonb", 'b', 'U', -1, ',', 0, JSONB_ARRAY, 0),
            type(JSONB_ARRAY, "_jsonb", 'b', 'A', -1, ',', JSONB, 0, 0),
            type(ANYRANGE, "anyrange", 'p', 'P', -1, ',', 0, 0, 0),
            type(EVENT_TRIGGER, "event_trigger", 'p', 'P', 4, ',', 0, 0, 0),
            type(INT4RANGE, "int4range", 'r', 'R', -1, ',', 0, INT4RANGE_ARRAY, INT4),
            type(INT4RANGE_ARRAY, "_int4range", 'b', 'A', -1, ',', INT4RANGE, 0, 0),
            type(NUMRANGE, "numrange", 'r', 'R', -1, ',', 0, NUMRANGE_ARRAY, NUMERIC),
            type(NUMRANGE_ARRAY, "_numrange", 'b', 'A', -1, ',', NUMRANGE, 0, 0),
            type(TSRANGE, "tsrange", 'r', 'R', -1, ',', 0, TSRANGE_ARRAY, TIMESTAMP),
            type(TSRANGE_ARRAY, "_tsrange", 'b', 'A', -1, ',', TSRANGE, 0, 0),
            type(TSTZRANGE, "tstzrange", 'r', 'R', -1, ',', 0, TSTZRANGE_ARRAY, TIMESTAMPTZ),
            type(TSTZRANGE_ARRAY, "_tstzrange", 'b', 'A', -1, ',', TSTZRANGE, 0, 0),
            type(DATERANGE, "daterange", 'r', 'R', -1, ',', 0, DATERANGE_ARRAY, DATE),
            type(DATERANGE_ARRAY, "_daterange", 'b', 'A', -1, ',', DATERANGE, 0, 0),
            type(INT8RANGE, "int8range", 'r', 'R', -1, ',', 0, INT8RANGE_ARRAY, INT8),
            type(INT8RANGE_ARRAY, "_int8range", 'b', 'A', -1, ',', INT8RANGE, 0, 0),
            type(JSONPATH, "jsonpath", 'b', 'U', -1, ',', 0, JSONPATH_ARRAY, 0),
            type(JSONPATH_ARRAY, "_jsonpath", 'b', 'A', -1, ',', JSONPATH, 0, 0),
            type(REGNAMESPACE, "regnamespace", 'b', 'N', 4, ',', 0, REGNAMESPACE_ARRAY, 0),
            type(REGNAMESPACE_ARRAY, "_regnamespace", 'b', 'A', -1, ',', REGNAMESPACE, 0, 0),
            type(REGROLE, "regrole", 'b', 'N', 4, ',', 0, REGROLE_ARRAY, 0),
            type(REGROLE_ARRAY, "_regrole", 'b', 'A', -1, ',', REGROLE, 0, 0),
            type(REGCOLLATION, "regcollation", 'b', 'N', 4, ',', 0, REGCOLLATION_ARRAY, 0),
            type(REGCOLLATION_ARRAY, "_regcollation", 'b', 'A', -1, ',', REGCOLLATION, 0, 0),
            type(INT4MULTIRANGE, "int4multirange", 'm', 'R', -1, ',', 0, INT4MULTIRANGE_ARRAY, INT4RANGE),
            type(NUMMULTIRANGE, "nummultirange", 'm', 'R', -1, ',', 0, NUMMULTIRANGE_ARRAY, NUMRANGE),
            type(TSMULTIRANGE, "tsmultirange", 'm', 'R', -1, ',', 0, TSMULTIRANGE_ARRAY, TSRANGE),
            type(TSTZMULTIRANGE, "tstzmultirange", 'm', 'R', -1, ',', 0, TSTZMULTIRANGE_ARRAY, TSTZRANGE),
            type(DATEMULTIRANGE, "datemultirange", 'm', 'R', -1, ',', 0, DATEMULTIRANGE_ARRAY, DATERANGE),
            type(INT8MULTIRANGE, "int8multirange", 'm', 'R', -1, ',', 0, INT8MULTIRANGE_ARRAY, INT8RANGE),
            type(ANYMULTIRANGE, "anymultirange", 'p', 'P', -1, ',', 0, 0, 0),
            type(ANYCOMPATIBLEMULTIRANGE, "anycompatiblemultirange", 'p', 'P', -1, ',', 0, 0, 0),
            type(PG_BRIN_BLOOM_SUMMARY, "pg_brin_bloom_summary", 'b', 'Z', -1, ',', 0, 0, 0),
            type(PG_BRIN_MINMAX_MULTI_SUMMARY, "pg_brin_minmax_multi_summary", 'b', 'Z', -1, ',', 0, 0, 0),
            type(PG_MCV_LIST, "pg_mcv_list", 'b', 'Z', -1, ',', 0, 0, 0),
            type(PG_SNAPSHOT, "pg_snapshot", 'b', 'U', -1, ',', 0, PG_SNAPSHOT_ARRAY, 0),
            type(PG_SNAPSHOT_ARRAY, "_pg_snapshot", 'b', 'A', -1, ',', PG_SNAPSHOT, 0, 0),
            type(XID8, "xid8", 'b', 'U', 8, ',', 0, XID8_ARRAY, 0),
            type(ANYCOMPATIBLE, "anycompatible", 'p', 'P', 4, ',', 0, 0, 0),
            type(ANYCOMPATIBLEARRAY, "anycompatiblearray", 'p', 'P', -1, ',', 0, 0, 0),
            type(ANYCOMPATIBLENONARRAY, "anycompatiblenonarray", 'p', 'P', 4, ',', 0, 0, 0),
            type(ANYCOMPATIBLERANGE, "anycompatiblerange", 'p', 'P', -1, ',', 0, 0, 0),
            type(INT4MULTIRANGE_ARRAY, "_int4multirange", 'b', 'A', -1, ',', INT4MULTIRANGE, 0, 0),
            type(NUMMULTIRANGE_ARRAY, "_nummultirange", 'b', 'A', -1, ',', NUMMULTIRANGE, 0, 0),
            type(TSMULTIRANGE_ARRAY, "_tsmultirange", 'b', 'A', -1, ',', TSMULTIRANGE, 0, 0),
            type(TSTZMULTIRANGE_ARRAY, "_tstzmultirange", 'b', 'A', -1, ',', TSTZMULTIRANGE, 0, 0),
            type(DATEMULTIRANGE_ARRAY, "_datemultirange", 'b', 'A', -1, ',', DATEMULTIRANGE, 0, 0),
            type(INT8MULTIRANGE_ARRAY, "_int8multirange", 'b', 'A', -1, ',', INT8MULTIRANGE, 0, 0)
        );
    }

    private static PgType type(int oid, String name, char kind, char category, int length, char delimiter,
                               int elementOid, int arrayOid, int subtypeOid) {
        PgType.Builder b = PgType.builder(oid, name).schema("pg_catalog").kind(PgType.Kind.of(kind))
                .category(category).length((short) length).delimiter(delimiter)
                .elementOid(elementOid).arrayOid(arrayOid);
        if (kind == 'r') {
            b.rangeSubtypeOid(subtypeOid);
        } else if (kind == 'm') {
            b.rangeOid(subtypeOid);
        }
        return b.build();
    }
}
