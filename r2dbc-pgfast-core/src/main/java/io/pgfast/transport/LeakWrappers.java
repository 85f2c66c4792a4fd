package io.pgfast.transport;

import io.netty.buffer.ByteBuf;

/**
 * Recognises Netty's leak-detection wrappers, which share the indices of the buffer they wrap. Their common
 * superclass, {@code io.netty.buffer.WrappedByteBuf}, is public in Netty 4.2 and package-private in Netty 4.1 (the
 * line Spring Boot 3 manages), so it is named here by its class name: {@link Class#isInstance} needs no access to
 * the class, and on a constant {@code Class} it compiles to the same check as {@code instanceof}.
 */
final class LeakWrappers {

    /** Null if a Netty version ever lacks the class: then no buffer is taken for a wrapper. */
    private static final Class<?> WRAPPED_BYTE_BUF = find("io.netty.buffer.WrappedByteBuf");

    private LeakWrappers() {
    }

    /** Whether {@code buf} is a wrapper whose {@link ByteBuf#unwrap()} has the same indices and content. */
    static boolean isWrapper(ByteBuf buf) {
        return WRAPPED_BYTE_BUF != null && WRAPPED_BYTE_BUF.isInstance(buf);
    }

    private static Class<?> find(String name) {
        try {
            return Class.forName(name, false, ByteBuf.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return null;
        }
    }
}
