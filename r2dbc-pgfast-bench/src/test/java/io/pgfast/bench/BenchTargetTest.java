package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BenchTargetTest {

    @Test
    void parsesAFullUrl() {
        BenchTarget t = BenchTarget.parseUrl("postgresql://alice:s%40cret@db.example:5433/app");
        assertThat(t).isEqualTo(new BenchTarget("db.example", 5433, "app", "alice", "s@cret"));
    }

    @Test
    void fillsLibpqDefaults() {
        BenchTarget t = BenchTarget.parseUrl("postgres://bob@localhost");
        assertThat(t).isEqualTo(new BenchTarget("localhost", 5432, "bob", "bob", ""));
    }

    @Test
    void keepsAPlusInThePassword() {
        assertThat(BenchTarget.parseUrl("postgresql://u:a+b@h/d").password()).isEqualTo("a+b");
    }

    @Test
    void refusesOtherSchemesAndUrlsWithoutHost() {
        assertThatThrownBy(() -> BenchTarget.parseUrl("jdbc:postgresql://h/d")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BenchTarget.parseUrl("postgresql:///d")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("host");
    }

    @Test
    void travelsToTheWorkerThroughTheEnvironment() {
        BenchTarget t = new BenchTarget("127.0.0.1", 5999, "db", "u", "p w");
        assertThat(BenchTarget.fromEnvironment(t.toEnvironment())).isEqualTo(t);
        assertThatThrownBy(() -> BenchTarget.fromEnvironment(java.util.Map.of()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("PGFAST_BENCH_HOST");
    }

    @Test
    void neverShowsThePassword() {
        assertThat(new BenchTarget("h", 1, "d", "u", "secret").toString()).doesNotContain("secret");
    }
}
