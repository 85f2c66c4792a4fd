package io.pgfast.testing;

import java.nio.file.Path;

/** The PEM/DER files {@link Certificates} writes into one directory, by their fixed names. */
record CertificateFiles(Path directory) {
    /** Password of {@link #clientKeyEncrypted()}. */
    static final String CLIENT_KEY_PASSWORD = "clientpass";

    Path caCert() {
        return directory.resolve("ca.crt");
    }

    Path serverCert() {
        return directory.resolve("server.crt");
    }

    /** Mode 0600: PostgreSQL refuses a server key that group or others can read. */
    Path serverKey() {
        return directory.resolve("server.key");
    }

    Path clientCert() {
        return directory.resolve("client.crt");
    }

    Path clientKey() {
        return directory.resolve("client.key");
    }

    Path clientKeyPk8() {
        return directory.resolve("client.pk8");
    }

    Path clientKeyEncrypted() {
        return directory.resolve("client-encrypted.key");
    }

    Path wrongCaCert() {
        return directory.resolve("wrong-ca.crt");
    }
}
