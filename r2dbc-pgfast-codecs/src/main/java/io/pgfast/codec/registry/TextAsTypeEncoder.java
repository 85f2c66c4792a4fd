package io.pgfast.codec.registry;

import io.pgfast.codec.Format;
import io.pgfast.codec.builtin.FixedTypeEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

/**
 * Sends a String in text format declared as a given type, for a type whose codec has no typed
 * encoder for String (or that has no codec): the server's input function for that type parses it,
 * exactly as for a literal in SQL.
 */
final class TextAsTypeEncoder extends FixedTypeEncoder<String> {

    TextAsTypeEncoder(int oid) {
        super(oid, Format.TEXT);
    }

    @Override
    public void encode(String value, ByteBuf out) {
        ByteBufUtil.writeUtf8(out, value);
    }
}
