package io.pgfast.transport.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientKeysTest {

    @TempDir
    Path dir;

    @Test
    void readsEd25519AndRsaPssPkcs8() throws Exception {
        for (String algorithm : new String[] {"Ed25519", "RSASSA-PSS"}) {
            KeyPair keys = TestPki.generate(algorithm, algorithm.equals("Ed25519") ? 0 : 1024);
            PrivateKey read = ClientKeys.read(TestPki.writePkcs8(dir, algorithm + ".pk8", keys.getPrivate()), null);
            assertThat(read.getEncoded()).isEqualTo(keys.getPrivate().getEncoded());
        }
    }

    @Test
    void skipsNonKeyBlocksAndReadsTheKey() throws Exception {
        KeyPair keys = TestPki.ec();
        Path file = TestPki.write(dir, "mixed.pem", TestPki.pem("CERTIFICATE", new byte[] {1, 2, 3})
                + "text between blocks\n" + TestPki.pem("PRIVATE KEY", keys.getPrivate().getEncoded()));

        assertThat(ClientKeys.read(file, null).getEncoded()).isEqualTo(keys.getPrivate().getEncoded());
    }

    @Test
    void ecKeyWithoutCurveIsRefusedWithAHint() throws Exception {
        // ECPrivateKey { version 1, privateKey OCTET STRING } without [0] parameters
        byte[] sec1 = Der.write(Der.SEQUENCE, new byte[] {0x02, 0x01, 0x01}, Der.write(Der.OCTET_STRING, new byte[32]));
        Path file = TestPki.write(dir, "nocurve.pem", TestPki.pem("EC PRIVATE KEY", sec1));

        assertThatThrownBy(() -> ClientKeys.read(file, null)).isInstanceOf(TlsConfigurationException.class)
                .hasMessageContaining("does not name its curve");
    }

    /** Random bytes in every accepted block type: the only failure allowed is TlsConfigurationException. */
    @Test
    void garbageNeverEscapesAsAnotherException() throws Exception {
        Random random = new Random(5929);
        String[] labels = {"PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY"};
        byte[] valid = TestPki.ec().getPrivate().getEncoded();
        for (int i = 0; i < 400; i++) {
            byte[] der;
            if (i % 2 == 0) {
                der = new byte[random.nextInt(80)];
                random.nextBytes(der);
                if (der.length > 0) {
                    der[0] = 0x30;
                }
            } else {
                // a real key with one byte changed or cut short
                der = valid.clone();
                der[random.nextInt(der.length)] ^= (byte) (1 + random.nextInt(255));
                der = java.util.Arrays.copyOf(der, 1 + random.nextInt(der.length));
            }
            String label = labels[i % labels.length];
            Path file = TestPki.write(dir, "fuzz.pem", TestPki.pem(label, der));
            Throwable t = catchThrowable(() -> ClientKeys.read(file, "pw"));
            if (t != null) {
                assertThat(t).as("%s %s", label, java.util.HexFormat.of().formatHex(der)).isInstanceOf(TlsConfigurationException.class);
            }
        }
    }
}
