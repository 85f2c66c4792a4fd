package io.pgfast.codec.registry;

import io.pgfast.codec.Format;
import io.pgfast.codec.Encoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

/**
 * Sends a String in text format declared as a given type, for a type whose codec has no typed
 * encoder for String (or that has no codec): the server's input function for that type parses it,
 * exactly as for a literal in SQL.
 */
final class TextAsTypeEncoder implements Encoder<String> {

    private final int oid;

    TextAsTypeEncoder(int oid) {
        this.oid = oid;
    }

    @Override
    public int oid(String value) {
        return oid;
    }

    @Override
    public int nullOid() {
        return oid;
    }

    @Override
    public Format format() {
        return Format.TEXT;
    }

    @Override
    public void encode(String value, ByteBuf out) {
        ByteBufUtil.writeUtf8(out, value);
    }
}
