package io.pgfast.tck;

/** The R2DBC TCK with parameters bound by 0-based index: {@code bind(0, v)} binds {@code $1}. */
class IndexBindingTckTest extends PgfastTestKit<Integer> {

    @Override
    public Integer getIdentifier(int index) {
        return index;
    }
}
