package io.r2dbc.postgresql.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonTest {

    private static final String DOC = "{\"a\":\"ü\"}";
    private static final byte[] UTF8 = DOC.getBytes(StandardCharsets.UTF_8);

    @Test
    void everyFormReadsAsTheSameDocument() {
        ByteBuffer nio = ByteBuffer.wrap(UTF8);
        ByteBuf buf = Unpooled.copiedBuffer(UTF8);
        for (Json json : new Json[] {Json.of(DOC), Json.of(UTF8), Json.of(nio), Json.of(buf), Json.of(new ByteArrayInputStream(UTF8))}) {
            assertThat(json.asString()).isEqualTo(DOC);
            assertThat(json.asArray()).isEqualTo(UTF8);
            assertThat(json.<String>mapBuffer(b -> StandardCharsets.UTF_8.decode(b).toString())).isEqualTo(DOC);
            assertThat(json.<String>mapInputStream(JsonTest::readAll)).isEqualTo(DOC);
            assertThat(json).hasToString("Json{" + DOC + "}");
        }
        assertThat(nio.position()).isZero();
        assertThat(buf.refCnt()).as("the buffer's value was not encoded or mapped yet").isEqualTo(1);
        assertThat(buf.release()).isTrue();
    }

    @Test
    void aByteArrayIsNotCopied() {
        assertThat(Json.of(UTF8).asArray()).isSameAs(UTF8);
    }

    @Test
    void mapByteBufHandsOverABufferThatTheFunctionReleases() {
        ByteBuf buf = Unpooled.copiedBuffer(UTF8);
        Json json = Json.of(buf);
        assertThat(json.<Object>mapByteBuf(b -> b)).isSameAs(buf);
        assertThat(buf.release()).isTrue();
        assertThat(json).hasToString("Json{released buffer}");

        Json text = Json.of(DOC);
        String read = text.<String>mapByteBuf(b -> {
            try {
                return b.toString(StandardCharsets.UTF_8);
            } finally {
                b.release();
            }
        });
        assertThat(read).isEqualTo(DOC);
        assertThat(text.asString()).as("releasing the handed buffer leaves the value readable").isEqualTo(DOC);
    }

    @Test
    void aStreamIsReadOnceAndClosed() {
        AtomicBoolean closed = new AtomicBoolean();
        InputStream in = new ByteArrayInputStream(UTF8) {
            @Override
            public void close() {
                closed.set(true);
            }
        };
        Json json = Json.of(in);
        assertThat(json).hasToString("Json{unread input stream}");
        assertThat(json.asString()).isEqualTo(DOC);
        assertThat(closed).isTrue();
        assertThat(json.asString()).isEqualTo(DOC);
    }

    @Test
    void aFailingStreamSaysSo() {
        Json json = Json.of(new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("disk gone");
            }
        });
        assertThatThrownBy(json::asArray).isInstanceOf(UncheckedIOException.class).hasRootCauseMessage("disk gone");
    }

    @Test
    void nullsAreRefusedNamingTheArgument() {
        assertThatThrownBy(() -> Json.of((String) null)).isInstanceOf(IllegalArgumentException.class).hasMessage("value must not be null");
        assertThatThrownBy(() -> Json.of((ByteBuf) null)).isInstanceOf(IllegalArgumentException.class).hasMessage("buffer must not be null");
        assertThatThrownBy(() -> Json.of("{}").mapBuffer(null)).isInstanceOf(IllegalArgumentException.class);
    }

    private static String readAll(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
