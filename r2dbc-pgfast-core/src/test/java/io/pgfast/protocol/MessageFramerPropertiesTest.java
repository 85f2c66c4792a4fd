package io.pgfast.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCounted;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The framer and decoder on arbitrary input: split anywhere, random bytes, random frames of known
 * types, and golden streams with bytes changed. The only outcomes allowed are "need more" (null),
 * a message, or ProtocolException; and once every message is released nothing holds the input.
 */
class MessageFramerPropertiesTest {

    private static final List<byte[]> MESSAGES = SampleStream.messages();
    private static final byte[] STREAM = SampleStream.concatenated();
    private static final byte[] KNOWN_TYPES = "RKD23nCtIETZ1sSANvdcGHWV".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    @Property(tries = 300)
    void splitAnywhereGivesTheSameMessages(@ForAll("cuts") TreeSet<Integer> cuts) {
        Cumulation cumulation = new Cumulation();
        BackendMessageReader framer = new BackendMessageReader(1 << 16);
        List<BackendMessage> decoded = new ArrayList<>();
        try {
            int from = 0;
            for (int cut : cuts) {
                cumulation.append(STREAM, from, cut);
                cumulation.drain(framer, decoded);
                from = cut;
            }
            cumulation.append(STREAM, from, STREAM.length);
            cumulation.drain(framer, decoded);
            assertThat(decoded).hasSameSizeAs(MESSAGES);
            for (int i = 0; i < MESSAGES.size(); i++) {
                assertThat(Encoded.backend(decoded.get(i))).isEqualTo(MESSAGES.get(i));
            }
        } finally {
            Cumulation.releaseAll(decoded);
            assertThat(cumulation.buffer().refCnt()).isEqualTo(1);
            cumulation.release();
        }
    }

    @Provide
    Arbitrary<TreeSet<Integer>> cuts() {
        return Arbitraries.integers().between(0, STREAM.length).set().ofMaxSize(60).map(TreeSet::new);
    }

    @Property(tries = 1000)
    void randomBytes(@ForAll("randomBytes") byte[] bytes, @ForAll @IntRange(min = 1, max = 64) int fragment) {
        feedExpectingOnlyAllowedOutcomes(bytes, fragment);
    }

    @Provide
    Arbitrary<byte[]> randomBytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(300);
    }

    @Property(tries = 1000)
    void randomFramesOfKnownTypes(@ForAll("frames") List<byte[]> frames, @ForAll @IntRange(min = 1, max = 64) int fragment) {
        feedExpectingOnlyAllowedOutcomes(Bytes.concat(frames.toArray(new byte[0][])), fragment);
    }

    /** A known type byte, a length that mostly matches the body, and a random body. */
    @Provide
    Arbitrary<List<byte[]>> frames() {
        Arbitrary<Byte> type = Arbitraries.of(box(KNOWN_TYPES));
        Arbitrary<byte[]> body = Arbitraries.oneOf(
            Arbitraries.bytes().array(byte[].class).ofMaxSize(40),
            Arbitraries.bytes().between((byte) -1, (byte) 3).array(byte[].class).ofMaxSize(40));
        Arbitrary<Integer> lengthDelta = Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(8, Arbitraries.just(0)),
            net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(-8, 8)),
            net.jqwik.api.Tuple.of(1, Arbitraries.integers()));
        Arbitrary<byte[]> frame = Combinators.combine(type, body, lengthDelta).as((t, b, delta) -> Bytes.of()
            .byte1(t)
            .int32(delta == 0 || Math.abs(delta) <= 8 ? b.length + 4 + delta : delta)
            .bytes(b)
            .array());
        return frame.list().ofMaxSize(6);
    }

    @Property(tries = 1000)
    void mutatedGoldenStream(@ForAll("mutations") List<int[]> mutations, @ForAll @IntRange(min = 1, max = 200) int fragment) {
        byte[] stream = STREAM.clone();
        for (int[] mutation : mutations) {
            stream[mutation[0]] = (byte) mutation[1];
        }
        feedExpectingOnlyAllowedOutcomes(stream, fragment);
    }

    /** One to five (position, new byte value) pairs. */
    @Provide
    Arbitrary<List<int[]>> mutations() {
        Arbitrary<int[]> mutation = Combinators.combine(
                Arbitraries.integers().between(0, STREAM.length - 1),
                Arbitraries.integers().between(0, 255))
            .as((position, value) -> new int[] {position, value});
        return mutation.list().ofMinSize(1).ofMaxSize(5);
    }

    @Property(tries = 1000)
    void decoderOnRandomBodies(@ForAll("knownType") byte type, @ForAll("randomBytes") byte[] body) {
        ByteBuf buffer = BufferKind.COMPOSITE.wrap(body);
        try {
            BackendMessage message = decodeOrNull(type, buffer);
            if (message instanceof ReferenceCounted) {
                ((ReferenceCounted) message).release();
            }
            assertThat(buffer.refCnt()).isEqualTo(1);
        } finally {
            buffer.release();
        }
    }

    @Provide
    Arbitrary<Byte> knownType() {
        return Arbitraries.of(box(KNOWN_TYPES));
    }

    private static BackendMessage decodeOrNull(byte type, ByteBuf body) {
        try {
            return BackendMessageType.of(type).decode(body);
        } catch (ProtocolException expected) {
            return null;
        }
    }

    /**
     * Feeds {@code bytes} in fragments until the end or a ProtocolException; any other exception
     * fails the property. Every message is released, after which the input must be unreferenced.
     */
    private static void feedExpectingOnlyAllowedOutcomes(byte[] bytes, int fragment) {
        BackendMessageReader framer = new BackendMessageReader(1 << 16);
        Cumulation cumulation = new Cumulation();
        List<BackendMessage> decoded = new ArrayList<>();
        try {
            for (int i = 0; i < bytes.length; i += fragment) {
                cumulation.append(bytes, i, Math.min(bytes.length, i + fragment));
                cumulation.drain(framer, decoded);
            }
        } catch (ProtocolException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        } finally {
            Cumulation.releaseAll(decoded);
            assertThat(cumulation.buffer().refCnt()).isEqualTo(1);
            cumulation.release();
        }
    }

    private static Byte[] box(byte[] bytes) {
        Byte[] boxed = new Byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            boxed[i] = bytes[i];
        }
        return boxed;
    }
}
