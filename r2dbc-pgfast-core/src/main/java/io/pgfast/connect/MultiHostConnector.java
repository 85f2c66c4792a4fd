package io.pgfast.connect;

import io.pgfast.config.HostSpec;
import io.pgfast.config.TargetServerType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

import io.pgfast.transport.Transport;
import reactor.core.publisher.Mono;

/**
 * Opens a connection to one host of a list, as {@code targetServerType} asks (pgjdbc's behaviour):
 * the hosts are tried one at a time in {@link HostOrder}'s order; a host that fails is recorded as
 * unreachable and the next is tried; a host of the wrong role is closed (Terminate) and the next is
 * tried. For {@code preferStandby} / {@code preferPrimary}, a second pass then takes the first of
 * the hosts that answered with the other role. {@code connectTimeout} applies to each host attempt.
 */
final class MultiHostConnector {

    /** Opens one connection to {@code host}, running {@code check} after startup and before anything else. */
    interface HostConnection {
        Mono<Session> connect(HostSpec host, Function<Transport, Mono<Void>> check);
    }

    private final List<HostSpec> hosts;
    private final TargetServerType target;
    private final HostStatusCache cache;
    private final Random random;
    private final boolean roleFromParameterStatus;
    private final Function<HostSpec, String> names;

    /**
     * @param random                  shuffles the hosts of every attempt; null keeps the configured order
     * @param roleFromParameterStatus whether to trust {@code in_hot_standby} (false: always ask the server)
     * @param names                   how a host is named in messages
     */
    MultiHostConnector(List<HostSpec> hosts, TargetServerType target, HostStatusCache cache, Random random,
                       boolean roleFromParameterStatus, Function<HostSpec, String> names) {
        this.hosts = List.copyOf(hosts);
        this.target = target;
        this.cache = cache;
        this.random = random;
        this.roleFromParameterStatus = roleFromParameterStatus;
        this.names = names;
    }

    Mono<Session> connect(HostConnection connection) {
        return Mono.defer(() -> {
            HostFailures failures = new HostFailures();
            List<HostSpec> otherRole = new ArrayList<>();
            TargetServerType first = RoleMatch.preferred(target);
            Mono<Session> attempt = tryEach(connection, HostOrder.candidates(hosts, target, cache, random), 0, first,
                    failures, otherRole);
            if (first != target) {
                attempt = attempt.switchIfEmpty(Mono.defer(() ->
                        tryEach(connection, List.copyOf(otherRole), 0, TargetServerType.ANY, failures, null)));
            }
            return attempt.switchIfEmpty(Mono.error(() -> failures.toException(hosts, target)));
        });
    }

    /** Tries {@code order[i..]} until one is accepted; empty when none is. */
    private Mono<Session> tryEach(HostConnection connection, List<HostSpec> order, int i, TargetServerType accept,
                                           HostFailures failures, List<HostSpec> otherRole) {
        if (i >= order.size()) {
            return Mono.empty();
        }
        HostSpec host = order.get(i);
        return connection.connect(host, c -> check(host, c, accept))
                .onErrorResume(e -> e instanceof Exception, e -> {
                    if (e instanceof WrongServerTypeException) {
                        failures.rejected((WrongServerTypeException) e);
                        if (otherRole != null) {
                            otherRole.add(host);
                        }
                    } else {
                        cache.record(host, HostStatus.UNREACHABLE);
                        failures.failed(names.apply(host), e);
                    }
                    return tryEach(connection, order, i + 1, accept, failures, otherRole);
                });
    }

    /** Records the host's role and refuses a connection of the wrong one. */
    private Mono<Void> check(HostSpec host, Transport transport, TargetServerType accept) {
        if (accept == TargetServerType.ANY) {
            return Mono.fromRunnable(() -> {
                HostStatus role = roleFromParameterStatus ? ServerRoleProbe.fromParameterStatus(transport.session().parameters()) : null;
                cache.record(host, role != null ? role : HostStatus.REACHABLE);
            });
        }
        return ServerRoleProbe.probe(transport, roleFromParameterStatus).flatMap(role -> {
            cache.record(host, role);
            return RoleMatch.accepts(accept, role) ? Mono.empty() : Mono.error(new WrongServerTypeException(names.apply(host), role, target));
        });
    }
}
