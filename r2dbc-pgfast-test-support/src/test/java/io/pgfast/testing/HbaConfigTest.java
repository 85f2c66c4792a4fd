package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class HbaConfigTest {

    @Test
    void rendersOneLinePerRoleWithItsMethod() {
        String hba = new HbaConfig(List.of("127.0.0.1/32"), true).render();

        assertThat(hba.lines().filter(l -> !l.startsWith("#"))).containsExactly(
                "local  all  postgres  trust",
                "local  all  pgfast_trust  trust",
                "local  all  pgfast_scram  scram-sha-256",
                "host  all  postgres  127.0.0.1/32  scram-sha-256",
                "host  all  pgfast_trust  127.0.0.1/32  trust",
                "host  all  pgfast_password  127.0.0.1/32  password",
                "host  all  pgfast_md5  127.0.0.1/32  md5",
                "host  all  pgfast_scram  127.0.0.1/32  scram-sha-256",
                "hostssl  all  pgfast_cert  127.0.0.1/32  cert clientcert=verify-full",
                "host  all  pgfast_replication  127.0.0.1/32  scram-sha-256",
                "host  replication  pgfast_replication  127.0.0.1/32  scram-sha-256");
    }

    @Test
    void withoutTlsTheCertificateLineIsLeftOut() {
        HbaConfig hba = new HbaConfig(List.of("127.0.0.1/32"), false);

        assertThat(hba.render()).doesNotContain("hostssl").doesNotContain("pgfast_cert");
        assertThat(hba.allows(AuthMethod.CERT)).isFalse();
        assertThat(hba.allows(AuthMethod.MD5)).isTrue();
    }

    @Test
    void everyAddressGetsItsLines() {
        String hba = new HbaConfig(List.of("0.0.0.0/0", "::/0"), true).render();

        assertThat(hba).contains("host  all  pgfast_md5  0.0.0.0/0  md5", "host  all  pgfast_md5  ::/0  md5",
                "hostssl  all  pgfast_cert  ::/0  cert clientcert=verify-full");
    }

    @Test
    void needsAnAddress() {
        assertThatThrownBy(() -> new HbaConfig(List.of(), true)).isInstanceOf(IllegalArgumentException.class);
    }
}
