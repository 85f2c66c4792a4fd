package io.pgfast.codec.compat.internal;

import java.util.Map;
import java.util.function.Function;

/**
 * Finds r2dbc-postgresql's value classes by name: {@link #of(Class)} tells whether a class is one of them (or
 * extends one, as r2dbc-postgresql's own {@code Json} forms do) and how the driver reads and writes it.
 */
public final class CompatTypes {

    /** The package of r2dbc-postgresql's value classes, in r2dbc-postgresql and in r2dbc-pgfast-postgresql-compat. */
    static final String PACKAGE = "io.r2dbc.postgresql.codec.";

    private static final Map<String, Function<Class<?>, CompatType>> BY_NAME = Map.of(
            PACKAGE + "Json", JsonType::new,
            PACKAGE + "Interval", IntervalType::of,
            PACKAGE + "Point", GeometricTypes::point,
            PACKAGE + "Box", GeometricTypes::box,
            PACKAGE + "Circle", GeometricTypes::circle,
            PACKAGE + "Line", GeometricTypes::line,
            PACKAGE + "Lseg", GeometricTypes::lseg,
            PACKAGE + "Path", GeometricTypes::path,
            PACKAGE + "Polygon", GeometricTypes::polygon,
            PACKAGE + "Vector", VectorType::of);

    /** One CompatType per class (per class loader, so r2dbc-postgresql's and the compat artifact's never mix). */
    private static final ClassValue<CompatType> TYPES = new ClassValue<>() {
        @Override
        protected CompatType computeValue(Class<?> type) {
            return BY_NAME.get(type.getName()).apply(type);
        }
    };

    private CompatTypes() {
    }

    /**
     * How the driver reads and writes {@code c}: a class of r2dbc-postgresql's named above, or a subclass of
     * one; null for any other class. Called while planning, never per value.
     *
     * @throws IllegalStateException if the class has the name but not the API (another library's class)
     */
    public static CompatType of(Class<?> c) {
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            String name = k.getName();
            if (name.startsWith(PACKAGE) && BY_NAME.containsKey(name)) {
                return TYPES.get(k);
            }
        }
        return null;
    }
}
