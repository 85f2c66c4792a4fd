package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.io.Utf8Strings;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads hstore's text form as hstore_in does: pairs {@code key => value} separated by commas,
 * whitespace around tokens ignored; a token is double-quoted (a backslash escapes the next byte)
 * or unquoted (up to whitespace, {@code ,} or, for a key, {@code =}); an unquoted value
 * {@code NULL} (any case) is SQL NULL. The empty string is the empty hstore.
 */
final class HstoreText {

    private static final Decoder<String> STRING = Utf8Strings::read;

    private final ByteBuf buf;
    private final int end;
    private int pos;

    private HstoreText(ByteBuf buf, int index, int length) {
        this.buf = buf;
        this.pos = index;
        this.end = index + length;
    }

    static Map<String, String> read(ByteBuf buf, int index, int length) {
        return new HstoreText(buf, index, length).pairs();
    }

    private Map<String, String> pairs() {
        Map<String, String> map = new LinkedHashMap<>();
        skipSpaces();
        while (pos < end) {
            String key = token(true);
            if (key == null) {
                throw malformed("NULL key");
            }
            skipSpaces();
            if (end - pos < 2 || buf.getByte(pos) != '=' || buf.getByte(pos + 1) != '>') {
                throw malformed("expected '=>'");
            }
            pos += 2;
            skipSpaces();
            map.put(key, token(false));
            skipSpaces();
            if (pos < end) {
                if (buf.getByte(pos) != ',') {
                    throw malformed("expected ','");
                }
                pos++;
                skipSpaces();
                if (pos == end) {
                    throw malformed("expected a pair after ','");
                }
            }
        }
        return Collections.unmodifiableMap(map);
    }

    /** Reads a quoted or unquoted token; null for an unquoted value NULL. */
    private String token(boolean key) {
        if (pos >= end) {
            throw malformed("unexpected end of input");
        }
        int from = pos;
        if (buf.getByte(pos) == '"') {
            int to = QuotedElement.quotedEnd(buf, from, end);
            if (to < 0) {
                throw malformed("unterminated quoted string");
            }
            pos = to;
            return (String) QuotedElement.decode(STRING, buf, from, pos, false);
        }
        boolean escaped = false;
        while (pos < end) {
            byte b = buf.getByte(pos);
            if (b == '\\') {
                if (pos + 1 >= end) {
                    throw malformed("backslash at the end of the input");
                }
                pos += 2;
                escaped = true;
                continue;
            }
            if (ArrayTextDecoder.isSpace(b) || b == ',' || b == '"' || (key && b == '=')) {
                break;
            }
            pos++;
        }
        if (pos == from) {
            throw malformed(key ? "expected a key" : "expected a value");
        }
        if (!key && !escaped && QuotedElement.isNull(buf, from, pos)) {
            return null;
        }
        return (String) QuotedElement.decode(STRING, buf, from, pos, false);
    }

    private void skipSpaces() {
        while (pos < end && ArrayTextDecoder.isSpace(buf.getByte(pos))) {
            pos++;
        }
    }

    private CodecException malformed(String detail) {
        return new CodecException("malformed hstore literal: " + detail);
    }
}
