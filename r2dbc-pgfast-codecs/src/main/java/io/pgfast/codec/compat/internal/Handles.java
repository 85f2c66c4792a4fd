package io.pgfast.codec.compat.internal;

import io.pgfast.codec.CodecException;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Method handles on the public API of a class found at run time, each adapted to Objects only (primitives
 * boxed), so that one call shape serves every class. Looked up with the public lookup: the classes are public
 * in a package their module exports (an automatic module, or the unnamed one), so no readability is needed.
 */
final class Handles {

    private static final MethodHandles.Lookup LOOKUP = MethodHandles.publicLookup();

    private Handles() {
    }

    /** The public instance method {@code name} without parameters, as {@code (Object) -> Object}. */
    static MethodHandle getter(Class<?> owner, String name, Class<?> returns) {
        return generic(lookup(owner, name, returns, new Class<?>[0], false));
    }

    /** The public static method {@code name}, as {@code (Object...) -> Object} of its arity. */
    static MethodHandle factory(Class<?> owner, String name, Class<?>... parameters) {
        return generic(lookup(owner, name, owner, parameters, true));
    }

    /** The public instance method {@code name} with {@code parameters}, as {@code (Object, Object...) -> Object}. */
    static MethodHandle method(Class<?> owner, String name, Class<?> returns, Class<?>... parameters) {
        return generic(lookup(owner, name, returns, parameters, false));
    }

    private static MethodHandle lookup(Class<?> owner, String name, Class<?> returns, Class<?>[] parameters, boolean isStatic) {
        MethodType type = MethodType.methodType(returns, parameters);
        try {
            return isStatic ? LOOKUP.findStatic(owner, name, type) : LOOKUP.findVirtual(owner, name, type);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalStateException(owner.getName() + " has no public " + (isStatic ? "static " : "") + name + type
                    + ", which r2dbc-postgresql's API has: is it another version's or another library's class?", e);
        }
    }

    /** Fixed arity first: a varargs method ({@code Vector.of(float...)}) would otherwise collect its Object argument. */
    private static MethodHandle generic(MethodHandle handle) {
        MethodHandle fixed = handle.asFixedArity();
        return fixed.asType(fixed.type().generic());
    }

    /** The result of {@code handle} on {@code args}; what it throws unchecked passes, a checked throwable is wrapped. */
    static Object call(MethodHandle handle, Object a) {
        try {
            return (Object) handle.invokeExact(a);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new CodecException("calling " + handle + " failed", t);
        }
    }

    static Object call(MethodHandle handle, Object a, Object b) {
        try {
            return (Object) handle.invokeExact(a, b);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new CodecException("calling " + handle + " failed", t);
        }
    }

    static Object call(MethodHandle handle, Object a, Object b, Object c) {
        try {
            return (Object) handle.invokeExact(a, b, c);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new CodecException("calling " + handle + " failed", t);
        }
    }

    static Object call(MethodHandle handle, Object a, Object b, Object c, Object d, Object e, Object f, Object g) {
        try {
            return (Object) handle.invokeExact(a, b, c, d, e, f, g);
        } catch (RuntimeException | Error x) {
            throw x;
        } catch (Throwable t) {
            throw new CodecException("calling " + handle + " failed", t);
        }
    }
}
