package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.type.Record;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;

/**
 * Maps a decoded composite value onto a Java record class: the composite's attributes, in order, become
 * the arguments of the record's canonical constructor. Each attribute was decoded directly as its
 * component's type (planned once, with the container), so nothing is converted here.
 */
final class JavaRecordMapping<T> implements Decoder<T> {

    private final Decoder<Record> fields;
    private final Constructor<T> constructor;
    private final String typeName;

    private JavaRecordMapping(Decoder<Record> fields, Constructor<T> constructor, String typeName) {
        this.fields = fields;
        this.constructor = constructor;
        this.typeName = typeName;
    }

    /** The component types of {@code target}, boxed, in declaration order. */
    static Class<?>[] componentTypes(Class<?> target) {
        RecordComponent[] components = target.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
        }
        return types;
    }

    static <T> JavaRecordMapping<T> of(Class<T> target, Decoder<Record> fields, String typeName) {
        try {
            Constructor<T> constructor = target.getDeclaredConstructor(componentTypes(target));
            constructor.setAccessible(true);
            return new JavaRecordMapping<>(fields, constructor, typeName);
        } catch (NoSuchMethodException | RuntimeException e) {
            throw new IllegalArgumentException("cannot map " + typeName + " to " + target.getName() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public T decode(ByteBuf buf, int index, int length) {
        Record record = fields.decode(buf, index, length);
        Object[] args = new Object[record.size()];
        Class<?>[] types = constructor.getParameterTypes();
        for (int i = 0; i < args.length; i++) {
            Object v = record.get(i);
            if (v == null && types[i].isPrimitive()) {
                throw new CodecException(typeName + " attribute " + (i + 1) + " is NULL and cannot become the primitive "
                        + types[i].getName() + " of " + constructor.getDeclaringClass().getName());
            }
            args[i] = v;
        }
        try {
            return constructor.newInstance(args);
        } catch (InvocationTargetException e) {
            throw new CodecException("the constructor of " + constructor.getDeclaringClass().getName() + " refused a " + typeName
                    + " value: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            throw new CodecException("cannot build " + constructor.getDeclaringClass().getName() + " from a " + typeName + " value: " + e, e);
        }
    }
}
