package io.pgfast.bench.app;

import io.r2dbc.spi.ConnectionFactory;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;

/**
 * The reactive application: Spring WebFlux on Reactor Netty, the four endpoints as router functions over
 * {@link ReactiveWorlds}. Its {@code ConnectionFactory} is Boot's, from {@code spring.r2dbc.*} ({@link AppVariant}
 * says which); nothing is scanned, and JDBC's and Tomcat's auto-configuration, also on the class path for the MVC
 * variant, are left out.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration(excludeName = {
        "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
        "org.springframework.boot.tomcat.autoconfigure.reactive.TomcatReactiveWebServerAutoConfiguration"})
public class ReactiveApp {

    @Bean
    DatabaseClient databaseClient(ConnectionFactory connectionFactory) {
        return DatabaseClient.create(connectionFactory);
    }

    @Bean
    ReactiveWorlds reactiveWorlds(DatabaseClient client) {
        return new ReactiveWorlds(client);
    }

    @Bean
    WebFilter serverHeaders() {
        return (exchange, chain) -> {
            HttpHeaders headers = exchange.getResponse().getHeaders();
            headers.set(HttpHeaders.SERVER, TfbRules.SERVER);
            headers.set(HttpHeaders.DATE, HttpDate.now());
            return chain.filter(exchange);
        };
    }

    @Bean
    RouterFunction<ServerResponse> routes(ReactiveWorlds worlds) {
        return RouterFunctions.route()
                .GET("/db", request -> json(worlds.world(TfbRules.randomWorld())))
                .GET("/queries", request -> json(worlds.worlds(queries(request))))
                .GET("/updates", request -> json(worlds.update(queries(request))))
                .GET("/fortunes", request -> worlds.fortunes().flatMap(rows -> ServerResponse.ok()
                        .contentType(MediaType.parseMediaType(FortunesPage.CONTENT_TYPE))
                        .bodyValue(FortunesPage.render(rows))))
                .build();
    }

    private static int queries(ServerRequest request) {
        return TfbRules.queries(request.queryParam("queries").orElse(null));
    }

    private static Mono<ServerResponse> json(Mono<?> body) {
        return body.flatMap(b -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(b));
    }
}
