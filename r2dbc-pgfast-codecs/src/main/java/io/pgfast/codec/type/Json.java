package io.pgfast.codec.type;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * A JSON document to bind as a parameter (it is sent as jsonb, which the server also assigns to
 * json columns), or read from a json/jsonb column when asked for. Holds the document as text or as
 * its UTF-8 bytes, whichever it was made from, and converts on demand; it does not parse or
 * validate the JSON (the server does).
 */
public final class Json {

    private final String text;
    private final byte[] utf8;

    private Json(String text, byte[] utf8) {
        this.text = text;
        this.utf8 = utf8;
    }

    /** A document from its text. */
    public static Json of(String text) {
        return new Json(Objects.requireNonNull(text, "text"), null);
    }

    /** A document from its UTF-8 bytes (copied). */
    public static Json of(byte[] utf8) {
        return new Json(null, Objects.requireNonNull(utf8, "utf8").clone());
    }

    /** The document's text. */
    public String asString() {
        return text != null ? text : new String(utf8, StandardCharsets.UTF_8);
    }

    /** The document's UTF-8 bytes (a fresh copy). */
    public byte[] asBytes() {
        return text != null ? text.getBytes(StandardCharsets.UTF_8) : utf8.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Json)) {
            return false;
        }
        Json other = (Json) o;
        if (text != null && other.text != null) {
            return text.equals(other.text);
        }
        return Arrays.equals(asBytes(), other.asBytes());
    }

    @Override
    public int hashCode() {
        return asString().hashCode();
    }

    /** The document's text. */
    @Override
    public String toString() {
        return asString();
    }
}
