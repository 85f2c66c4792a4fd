package io.pgfast.replication;

import io.netty.buffer.ByteBufUtil;
import io.pgfast.codec.CodecRegistry;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Any output plugin, its messages handed over as bytes ({@link WalData}): for slots whose plugin is not
 * pgoutput, such as {@code test_decoding} or {@code wal2json}. The options are sent as given; the server
 * reports the ones the plugin does not know.
 */
public final class RawOutput implements OutputPlugin<WalData> {

    private final Map<String, String> options;

    private RawOutput(Map<String, String> options) {
        this.options = options;
    }

    /** No options. */
    public static RawOutput withoutOptions() {
        return new RawOutput(Map.of());
    }

    /**
     * These options, in the map's iteration order.
     *
     * @throws IllegalArgumentException when a name or value is null
     */
    public static RawOutput withOptions(Map<String, String> options) {
        Map<String, String> copy = new LinkedHashMap<>();
        options.forEach((name, value) -> {
            if (name == null || value == null) {
                throw new IllegalArgumentException("plugin option names and values must not be null");
            }
            copy.put(name, value);
        });
        return new RawOutput(java.util.Collections.unmodifiableMap(copy));
    }

    @Override
    public Map<String, String> startOptions(int serverMajor) {
        return options;
    }

    @Override
    public WalDecoder<WalData> newDecoder(CodecRegistry codecs) {
        return (lsn, data) -> new WalData(lsn, ByteBufUtil.getBytes(data, data.readerIndex(), data.readableBytes()));
    }

    @Override
    public String toString() {
        return "RawOutput" + options;
    }
}
