package io.pgfast.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;

import io.pgfast.testing.RequiresPostgres;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/** Over HTTP, through the Reactor Netty server Boot started on a random port. */
@RequiresPostgres
class AccountControllerTest extends PostgresBackedTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @LocalServerPort
    int port;
    @Autowired
    AccountRepository accounts;
    @Autowired
    AccountService service;

    WebTestClient http;

    @BeforeEach
    void setUp() {
        accounts.deleteAll().block(TIMEOUT);
        http = WebTestClient.bindToServer().baseUrl("http://127.0.0.1:" + port).responseTimeout(TIMEOUT).build();
    }

    @Test
    void openReturnsTheNewAccountAsJsonWithItsLocation() {
        Account created = http.post().uri("/accounts").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("owner", "alice", "balance", new BigDecimal("12.34")))
                .exchange()
                .expectStatus().isCreated()
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
                .expectBody(Account.class).returnResult().getResponseBody();

        assertThat(created.id()).isNotNull();
        assertThat(created.owner()).isEqualTo("alice");
        assertThat(accounts.findById(created.id()).block(TIMEOUT).balance()).isEqualByComparingTo("12.34");
    }

    @Test
    void getReturnsTheRowAsJson() {
        Account alice = service.open("alice", new BigDecimal("5.50")).block(TIMEOUT);

        http.get().uri("/accounts/{id}", alice.id()).accept(MediaType.APPLICATION_JSON)
                .exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
                .expectBody()
                .jsonPath("$.id").isEqualTo(alice.id())
                .jsonPath("$.owner").isEqualTo("alice")
                .jsonPath("$.balance").isEqualTo(5.5)
                .jsonPath("$.createdAt").value(String.class,
                        text -> assertThat(java.time.OffsetDateTime.parse(text).toInstant())
                                .isEqualTo(alice.createdAt().toInstant()));
    }

    @Test
    void listByOwnerUsesTheDerivedQuery() {
        Account a1 = service.open("alice", BigDecimal.ONE).block(TIMEOUT);
        service.open("bob", BigDecimal.ONE).block(TIMEOUT);
        Account a2 = service.open("alice", BigDecimal.TEN).block(TIMEOUT);

        http.get().uri(b -> b.path("/accounts").queryParam("owner", "alice").build())
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.length()").isEqualTo(2)
                .jsonPath("$[0].id").isEqualTo(a1.id())
                .jsonPath("$[1].id").isEqualTo(a2.id());
    }

    @Test
    void unknownAccountIsNotFoundProblem() {
        http.get().uri("/accounts/{id}", 987_654_321L)
                .exchange()
                .expectStatus().isNotFound()
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.detail").isEqualTo("no account with id 987654321");
    }

    @Test
    void transferMovesMoneyAndReturnsBothAccounts() {
        Account alice = service.open("alice", new BigDecimal("100.00")).block(TIMEOUT);
        Account bob = service.open("bob", new BigDecimal("1.00")).block(TIMEOUT);

        http.post().uri("/accounts/transfers").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("from", alice.id(), "to", bob.id(), "amount", new BigDecimal("25.50")))
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.from.id").isEqualTo(alice.id())
                .jsonPath("$.from.balance").isEqualTo(74.5)
                .jsonPath("$.to.balance").isEqualTo(26.5)
                .jsonPath("$.amount").isEqualTo(25.5);
        assertThat(accounts.findById(bob.id()).block(TIMEOUT).balance()).isEqualByComparingTo("26.50");
    }

    @Test
    void overdraftIsAConflictAndChangesNothing() {
        Account alice = service.open("alice", new BigDecimal("10.00")).block(TIMEOUT);
        Account bob = service.open("bob", BigDecimal.ZERO).block(TIMEOUT);

        http.post().uri("/accounts/transfers").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("from", alice.id(), "to", bob.id(), "amount", new BigDecimal("10.01")))
                .exchange()
                .expectStatus().isEqualTo(HttpStatus.CONFLICT)
                .expectBody().jsonPath("$.detail").isEqualTo("account " + alice.id() + " holds 10.00, cannot transfer 10.01");
        assertThat(accounts.findById(alice.id()).block(TIMEOUT).balance()).isEqualByComparingTo("10.00");
        assertThat(accounts.findById(bob.id()).block(TIMEOUT).balance()).isEqualByComparingTo("0");
    }

    @Test
    void nonPositiveAmountIsABadRequest() {
        Account alice = service.open("alice", BigDecimal.TEN).block(TIMEOUT);
        Account bob = service.open("bob", BigDecimal.ZERO).block(TIMEOUT);

        http.post().uri("/accounts/transfers").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("from", alice.id(), "to", bob.id(), "amount", BigDecimal.ZERO))
                .exchange()
                .expectStatus().isBadRequest()
                .expectBody().jsonPath("$.detail").isEqualTo("amount must be positive");
    }
}
