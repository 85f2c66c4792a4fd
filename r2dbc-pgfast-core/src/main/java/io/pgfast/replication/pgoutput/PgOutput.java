package io.pgfast.replication.pgoutput;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.error.PgfastClientException;
import io.pgfast.replication.OutputPlugin;
import io.pgfast.replication.WalDecoder;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PostgreSQL's own output plugin, pgoutput, and the options of a stream of it (PostgreSQL docs,
 * "Logical Streaming Replication Parameters"). Immutable: every setter returns a new instance.
 *
 * <pre>{@code
 * PgOutput.publications("orders").binary(true).messages(true)
 * }</pre>
 *
 * <p>Options a server version lacks are refused before anything is sent, with an error naming the option
 * and the version that has it: {@code binary}, {@code messages} and {@code streaming} need PostgreSQL 14,
 * {@code twoPhase} 15, {@code origin} and {@code streaming = PARALLEL} 16. The protocol version sent is
 * the lowest that carries what was asked for (1 when nothing was), unless set explicitly.
 */
public final class PgOutput implements OutputPlugin<PgOutputMessage> {

    private final List<String> publications;
    private final int protoVersion;
    private final boolean binary;
    private final boolean messages;
    private final Streaming streaming;
    private final boolean twoPhase;
    private final String origin;

    private PgOutput(List<String> publications, int protoVersion, boolean binary, boolean messages, Streaming streaming,
                     boolean twoPhase, String origin) {
        this.publications = publications;
        this.protoVersion = protoVersion;
        this.binary = binary;
        this.messages = messages;
        this.streaming = streaming;
        this.twoPhase = twoPhase;
        this.origin = origin;
    }

    /**
     * The changes of the tables of these publications (CREATE PUBLICATION), at least one.
     *
     * @throws IllegalArgumentException for no name, a null or empty name, or one with a NUL character
     */
    public static PgOutput publications(String... names) {
        if (names == null || names.length == 0) {
            throw new IllegalArgumentException("pgoutput needs at least one publication name");
        }
        for (String name : names) {
            if (name == null || name.isEmpty() || name.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("a publication name must be a non-empty string without NUL, was " + name);
            }
        }
        return new PgOutput(List.of(names), 0, false, false, Streaming.OFF, false, null);
    }

    /**
     * The protocol version to ask for (1 to 4; PostgreSQL 12 and 13 know 1 only, 14 up to 2, 15 up to 3).
     * By default the lowest that carries the options asked for.
     */
    public PgOutput protoVersion(int version) {
        if (version < 1 || version > 4) {
            throw new IllegalArgumentException("pgoutput protocol versions are 1 to 4, not " + version);
        }
        return new PgOutput(publications, version, binary, messages, streaming, twoPhase, origin);
    }

    /** Column values in binary format where their type has binary output (PostgreSQL 14+). Default false: text. */
    public PgOutput binary(boolean binary) {
        return new PgOutput(publications, protoVersion, binary, messages, streaming, twoPhase, origin);
    }

    /** Also send what {@code pg_logical_emit_message} writes, as {@link LogicalMessage}s (PostgreSQL 14+). */
    public PgOutput messages(boolean messages) {
        return new PgOutput(publications, protoVersion, binary, messages, streaming, twoPhase, origin);
    }

    /** Stream large in-progress transactions (PostgreSQL 14+; {@link Streaming#PARALLEL} 16+). */
    public PgOutput streaming(Streaming streaming) {
        if (streaming == null) {
            throw new IllegalArgumentException("streaming must not be null (Streaming.OFF to turn it off)");
        }
        return new PgOutput(publications, protoVersion, binary, messages, streaming, twoPhase, origin);
    }

    /** Send prepared transactions at PREPARE TRANSACTION, for two-phase commit (PostgreSQL 15+). */
    public PgOutput twoPhase(boolean twoPhase) {
        return new PgOutput(publications, protoVersion, binary, messages, streaming, twoPhase, origin);
    }

    /**
     * Which changes to send by their origin (PostgreSQL 16+): {@code "any"} (the server's default) or
     * {@code "none"}, only changes made on this server, not those replicated to it.
     */
    public PgOutput origin(String origin) {
        if (!"any".equals(origin) && !"none".equals(origin)) {
            throw new IllegalArgumentException("origin is \"any\" or \"none\", not " + origin);
        }
        return new PgOutput(publications, protoVersion, binary, messages, streaming, twoPhase, origin);
    }

    /** The protocol version that will be asked for. */
    public int effectiveProtoVersion() {
        if (protoVersion != 0) {
            return protoVersion;
        }
        return Math.max(streaming.protoVersion(), twoPhase ? 3 : 1);
    }

    /** The highest pgoutput protocol version a server major knows. */
    static int maxProtoVersion(int serverMajor) {
        return serverMajor >= 16 ? 4 : serverMajor == 15 ? 3 : serverMajor == 14 ? 2 : 1;
    }

    @Override
    public Map<String, String> startOptions(int serverMajor) {
        int version = effectiveProtoVersion();
        require(serverMajor, binary, "binary", 14);
        require(serverMajor, messages, "messages", 14);
        require(serverMajor, streaming != Streaming.OFF, "streaming = " + streaming, streaming.sinceMajor());
        require(serverMajor, twoPhase, "twoPhase", 15);
        require(serverMajor, origin != null, "origin", 16);
        if (version > maxProtoVersion(serverMajor)) {
            throw new PgfastClientException("pgoutput protocol version " + version + " needs a newer server: PostgreSQL "
                    + serverMajor + " knows versions up to " + maxProtoVersion(serverMajor), null);
        }
        if (version < streaming.protoVersion()) {
            throw new PgfastClientException("streaming = " + streaming + " needs pgoutput protocol version " + streaming.protoVersion()
                    + " or later, but protoVersion(" + version + ") was asked for", null);
        }
        if (twoPhase && version < 3) {
            throw new PgfastClientException("twoPhase needs pgoutput protocol version 3 or later, but protoVersion(" + version
                    + ") was asked for", null);
        }
        Map<String, String> options = new LinkedHashMap<>();
        options.put("proto_version", Integer.toString(version));
        options.put("publication_names", publicationList());
        if (binary) {
            options.put("binary", "true");
        }
        if (messages) {
            options.put("messages", "true");
        }
        if (streaming != Streaming.OFF) {
            options.put("streaming", streaming.value());
        }
        if (twoPhase) {
            options.put("two_phase", "true");
        }
        if (origin != null) {
            options.put("origin", origin);
        }
        return options;
    }

    private static void require(int serverMajor, boolean asked, String option, int sinceMajor) {
        if (asked && serverMajor < sinceMajor) {
            throw new PgfastClientException("pgoutput option " + option + " needs PostgreSQL " + sinceMajor
                    + " or later; the server is PostgreSQL " + serverMajor + " (leave the option off)", null);
        }
    }

    /**
     * The names as the server's identifier-list parser reads them: each double-quoted (so case and
     * commas are kept), inner double quotes doubled.
     */
    String publicationList() {
        StringBuilder list = new StringBuilder();
        for (String name : publications) {
            if (list.length() > 0) {
                list.append(',');
            }
            list.append('"').append(name.replace("\"", "\"\"")).append('"');
        }
        return list.toString();
    }

    @Override
    public WalDecoder<PgOutputMessage> newDecoder(CodecRegistry codecs) {
        return new PgOutputDecoder(codecs, streaming == Streaming.PARALLEL);
    }

    @Override
    public String toString() {
        return "PgOutput[publications=" + publications + ", protoVersion=" + effectiveProtoVersion() + ", binary=" + binary
                + ", messages=" + messages + ", streaming=" + streaming + ", twoPhase=" + twoPhase
                + (origin == null ? "" : ", origin=" + origin) + "]";
    }
}
