package io.pgfast.testing;

/**
 * One leak that Netty's {@code ResourceLeakDetector} reported: an object it tracked became unreachable without
 * being released.
 *
 * @param resourceType the tracked class's simple name, e.g. {@code ByteBuf}
 * @param records      the access records (creation site, {@code touch} hints, last accesses), empty when the
 *                     detector did not record any (level SIMPLE)
 */
public record LeakRecord(String resourceType, String records) {
    @Override
    public String toString() {
        return "LEAK of " + resourceType + (records.isEmpty()
                ? " (no access records: run with -Dio.netty.leakDetection.level=paranoid)"
                : ":" + records);
    }
}
