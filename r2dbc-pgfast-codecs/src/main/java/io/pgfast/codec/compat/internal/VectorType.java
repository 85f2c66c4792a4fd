package io.pgfast.codec.compat.internal;

import io.pgfast.codec.type.PgVector;

import java.lang.invoke.MethodHandle;

/**
 * pgvector's {@code Vector}, converted to and from the driver's {@link PgVector}: sent as the database's vector
 * type once the driver has discovered it (else as a text literal the server casts), read from vector and
 * halfvec.
 */
final class VectorType {

    private VectorType() {
    }

    static CompatType of(Class<?> type) {
        MethodHandle values = Handles.getter(type, "getVector", float[].class);
        MethodHandle of = Handles.factory(type, "of", float[].class);
        return new CompatType.Converted(type, PgVector.class,
                v -> PgVector.of((float[]) Handles.call(values, v)),
                v -> Handles.call(of, ((PgVector) v).toArray()),
                "vector", "halfvec");
    }
}
