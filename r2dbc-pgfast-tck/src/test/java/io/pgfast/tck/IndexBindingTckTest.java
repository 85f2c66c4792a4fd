package io.pgfast.tck;

import org.junit.jupiter.api.Tag;

/** The R2DBC TCK with parameters bound by 0-based index: {@code bind(0, v)} binds {@code $1}. */
@Tag("tck") // tests of this kit still fail: see r2dbc-pgfast-tck/TCK-STATUS.md
class IndexBindingTckTest extends PgfastTestKit<Integer> {

    @Override
    public Integer getIdentifier(int index) {
        return index;
    }
}
