package io.pgfast.codec.builtin;

import io.pgfast.codec.Codec;

import java.util.List;

/**
 * The codecs of {@link io.pgfast.codec.registry.DefaultCodecRegistry#builtins()}, in precedence order (the first
 * that handles a type owns it; the first that encodes a class encodes it).
 */
public final class BuiltinCodecs {

    private static final List<Codec> ALL = List.of(
            new ArrayCodec(), new RangeCodec(), new GeometricCodec(), new InetCodec(), new MacAddressCodec(), new BitStringCodec(), new LsnCodec(), new HstoreCodec(), new VectorCodec(), new SparseVectorCodec(), new EnumCodec(), new RecordCodec(),
            new BoolCodec(),
            new IntegerCodec(),
            new FloatCodec(),
            new NumericCodec(),
            new ObjectIdCodec(),
            new TextCodec(),
            new SingleByteCharCodec(),
            new ByteaCodec(),
            new UuidCodec(),
            new DateCodec(),
            new TimeCodec(),
            new TimestampCodec(),
            new IntervalCodec(),
            new JsonCodec(),
            new XmlCodec(),
            new MoneyCodec(),
            new JavaEnumCodec());

    private BuiltinCodecs() {
    }

    public static List<Codec> all() {
        return ALL;
    }
}
