package io.pgfast.protocol.auth;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** Expected values computed independently: "md5" + md5(hex(md5(password + user)) + salt), Python hashlib. */
class Md5PasswordTest {

    @Test
    void asciiUserAndPassword() {
        byte[] answer = Md5Password.encode("postgres", "secret".getBytes(StandardCharsets.UTF_8), new byte[] {1, 2, 3, 4});
        assertThat(new String(answer, StandardCharsets.US_ASCII)).isEqualTo("md5bb41a296aab6baccb36ff243a562abff");
    }

    @Test
    void utf8UserAndPassword() {
        byte[] answer = Md5Password.encode("jürgen", "pässwörd".getBytes(StandardCharsets.UTF_8),
            new byte[] {(byte) 0xDE, (byte) 0xAD, (byte) 0xBE, (byte) 0xEF});
        assertThat(new String(answer, StandardCharsets.US_ASCII)).isEqualTo("md5aae7104c69c2981684fe7d3a7c824ea0");
    }

    @Test
    void saltMustHaveFourBytes() {
        assertThatIllegalArgumentException().isThrownBy(() -> Md5Password.encode("u", new byte[] {1}, new byte[3]));
        assertThatIllegalArgumentException().isThrownBy(() -> Md5Password.encode("u", new byte[] {1}, null));
    }
}
