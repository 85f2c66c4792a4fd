package io.pgfast.tck;

/** The R2DBC TCK with parameters bound by name, the marker itself: {@code bind("$1", v)}. */
class NameBindingTckTest extends PgfastTestKit<String> {

    @Override
    public String getIdentifier(int index) {
        return getPlaceholder(index);
    }
}
