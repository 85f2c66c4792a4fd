package io.pgfast.connect;

import io.pgfast.connect.HostFailures;
import io.pgfast.config.HostSpec;
import io.pgfast.connect.HostStatus;
import io.pgfast.config.TargetServerType;
import io.pgfast.connect.WrongServerTypeException;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import org.junit.jupiter.api.Test;

class HostFailuresTest {

    private final HostSpec a = new HostSpec("a", 1);
    private final HostSpec b = new HostSpec("b", 2);

    @Test
    void namesEveryHostAndWhy() {
        HostFailures f = new HostFailures();
        R2dbcNonTransientResourceException refused = new R2dbcNonTransientResourceException("cannot connect to a/1.2.3.4:1: Connection refused", "08001");
        f.failed("a:1", refused);
        f.rejected(new WrongServerTypeException("b:2", HostStatus.STANDBY, TargetServerType.PRIMARY));
        R2dbcException e = f.toException(List.of(a, b), TargetServerType.PRIMARY);
        assertThat(e).isInstanceOf(R2dbcNonTransientResourceException.class);
        assertThat(e.getSqlState()).isEqualTo("08001");
        assertThat(e.getMessage()).isEqualTo("no host of [a:1, b:2] fits targetServerType=primary: "
                + "a:1: cannot connect to a/1.2.3.4:1: Connection refused; b:2 is a standby (targetServerType=primary)");
        assertThat(e.getSuppressed()).containsExactly(refused);
    }

    @Test
    void allTransientMakesATransientException() {
        HostFailures f = new HostFailures();
        R2dbcTimeoutException t1 = new R2dbcTimeoutException("connection to a:1 not established within connectTimeout PT1S", "08001");
        R2dbcTransientResourceException t2 = new R2dbcTransientResourceException("the database system is starting up", "57P03");
        f.failed("a:1", t1);
        f.failed("b:2", t2);
        R2dbcException e = f.toException(List.of(a, b), TargetServerType.ANY);
        assertThat(e).isInstanceOf(R2dbcTransientResourceException.class);
        assertThat(e.getMessage()).startsWith("cannot connect to any of the hosts [a:1, b:2]: a:1: connection to a:1 not established")
                .contains("; b:2: the database system is starting up");
        assertThat(e.getSuppressed()).containsExactly(t1, t2);
    }

    @Test
    void aWrongRoleIsNeverTransient() {
        HostFailures f = new HostFailures();
        f.failed("a:1", new R2dbcTimeoutException("slow", "08001"));
        f.rejected(new WrongServerTypeException("b:2", HostStatus.PRIMARY, TargetServerType.STANDBY));
        assertThat(f.toException(List.of(a, b), TargetServerType.STANDBY)).isInstanceOf(R2dbcNonTransientResourceException.class);
    }
}
