package io.pgfast.examples;

import java.math.BigDecimal;
import java.net.URI;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** JSON over HTTP: {@code /accounts} and {@code /accounts/transfers}. */
@RestController
@RequestMapping("/accounts")
public class AccountController {

    /** The body of {@code POST /accounts}. */
    public record OpenAccount(String owner, BigDecimal balance) {
    }

    /** The body of {@code POST /accounts/transfers}. */
    public record TransferOrder(long from, long to, BigDecimal amount) {
    }

    private final AccountService service;
    private final AccountRepository accounts;

    public AccountController(AccountService service, AccountRepository accounts) {
        this.service = service;
        this.accounts = accounts;
    }

    @GetMapping("/{id}")
    public Mono<Account> get(@PathVariable long id) {
        return service.find(id);
    }

    @GetMapping
    public Flux<Account> byOwner(@RequestParam String owner) {
        return accounts.findByOwnerOrderById(owner);
    }

    @PostMapping
    public Mono<ResponseEntity<Account>> open(@RequestBody OpenAccount order) {
        return service.open(order.owner(), order.balance())
                .map(a -> ResponseEntity.created(URI.create("/accounts/" + a.id())).body(a));
    }

    @PostMapping("/transfers")
    public Mono<Transfer> transfer(@RequestBody TransferOrder order) {
        return service.transfer(order.from(), order.to(), order.amount());
    }

    @ExceptionHandler(AccountNotFoundException.class)
    ProblemDetail notFound(AccountNotFoundException e) {
        return ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, e.getMessage());
    }

    @ExceptionHandler(InsufficientFundsException.class)
    ProblemDetail insufficientFunds(InsufficientFundsException e) {
        return ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, e.getMessage());
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ProblemDetail badRequest(IllegalArgumentException e) {
        return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
    }
}
