package io.pgfast.replication.pgoutput;

import io.pgfast.protocol.Bytes;

import java.util.List;

/**
 * Valid pgoutput messages, as a server sends them after {@link #relation()} (relation 16384 public.t: id
 * int4 key, name text): one of every kind, for the fuzz tests' corpus. Field by field as in
 * {@link PgOutputDecoderTest}.
 */
public final class PgOutputSamples {

    public static final int TABLE = 16384;

    private PgOutputSamples() {
    }

    public static byte[] relation() {
        return Bytes.of()
            .byte1('R').int32(TABLE).cstring("public").cstring("t").byte1('d').int16(2)
            .byte1(1).cstring("id").int32(23).int32(-1)
            .byte1(0).cstring("name").int32(25).int32(-1)
            .array();
    }

    private static Bytes tuple(Bytes b) {
        return b.int16(2).byte1('t').int32(2).text("42").byte1('t').int32(2).text("ab");
    }

    /** Every message kind, each valid once {@link #relation()} was decoded (stream blocks balanced in order). */
    public static List<byte[]> all() {
        return List.of(
            relation(),
            Bytes.of().byte1('B').int64(0x1_0000_0020L).int64(1).int32(7).array(),
            Bytes.of().byte1('O').int64(2).cstring("upstream").array(),
            Bytes.of().byte1('Y').int32(16500).cstring("public").cstring("mood").array(),
            tuple(Bytes.of().byte1('I').int32(TABLE).byte1('N')).array(),
            Bytes.of().byte1('I').int32(TABLE).byte1('N').int16(2).byte1('b').int32(4).int32(-7).byte1('u').array(),
            Bytes.of().byte1('I').int32(TABLE).byte1('N').int16(2).byte1('n').byte1('t').int32(0).array(),
            tuple(Bytes.of().byte1('U').int32(TABLE).byte1('N')).array(),
            tuple(tuple(Bytes.of().byte1('U').int32(TABLE).byte1('O')).byte1('N')).array(),
            tuple(tuple(Bytes.of().byte1('U').int32(TABLE).byte1('K')).byte1('N')).array(),
            tuple(Bytes.of().byte1('D').int32(TABLE).byte1('K')).array(),
            tuple(Bytes.of().byte1('D').int32(TABLE).byte1('O')).array(),
            Bytes.of().byte1('T').int32(2).byte1(3).int32(TABLE).int32(TABLE).array(),
            Bytes.of().byte1('M').byte1(1).int64(3).cstring("audit").int32(3).text("abc").array(),
            Bytes.of().byte1('C').byte1(0).int64(0x1_0000_0020L).int64(0x1_0000_0050L).int64(1).array(),
            Bytes.of().byte1('S').int32(900).byte1(1).array(),
            tuple(Bytes.of().byte1('I').int32(900).int32(TABLE).byte1('N')).array(),
            new byte[] {'E'},
            Bytes.of().byte1('c').int32(900).byte1(0).int64(1).int64(2).int64(3).array(),
            Bytes.of().byte1('A').int32(900).int32(901).array(),
            Bytes.of().byte1('b').int64(1).int64(2).int64(3).int32(77).cstring("gid").array(),
            Bytes.of().byte1('P').byte1(0).int64(1).int64(2).int64(3).int32(77).cstring("gid").array(),
            Bytes.of().byte1('K').byte1(0).int64(1).int64(2).int64(3).int32(77).cstring("gid").array(),
            Bytes.of().byte1('r').byte1(0).int64(1).int64(2).int64(3).int64(4).int32(77).cstring("gid").array(),
            Bytes.of().byte1('p').byte1(0).int64(1).int64(2).int64(3).int32(79).cstring("gid").array());
    }
}
