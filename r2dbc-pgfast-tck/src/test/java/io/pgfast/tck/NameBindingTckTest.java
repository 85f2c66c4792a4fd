package io.pgfast.tck;

import org.junit.jupiter.api.Tag;

/** The R2DBC TCK with parameters bound by name, the marker itself: {@code bind("$1", v)}. */
@Tag("tck") // tests of this kit still fail: see r2dbc-pgfast-tck/TCK-STATUS.md
class NameBindingTckTest extends PgfastTestKit<String> {

    @Override
    public String getIdentifier(int index) {
        return getPlaceholder(index);
    }
}
