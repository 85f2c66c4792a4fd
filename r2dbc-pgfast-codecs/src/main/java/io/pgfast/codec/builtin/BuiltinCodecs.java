package io.pgfast.codec.builtin;

import io.pgfast.codec.Codec;

import java.util.List;

/** The codecs of {@link io.pgfast.codec.CodecRegistry#builtins()}, in precedence order (first wins). */
public final class BuiltinCodecs {

    private static final List<Codec> ALL = List.of(
            new ArrayCodec(), new RangeCodec(), new GeometricCodec(), new InetCodec(), new MacAddressCodec(), new BitStringCodec(), new LsnCodec(), new HstoreCodec(), new EnumCodec(), new RecordCodec(),
            new TextCodec());

    private BuiltinCodecs() {
    }

    public static List<Codec> all() {
        return ALL;
    }
}
