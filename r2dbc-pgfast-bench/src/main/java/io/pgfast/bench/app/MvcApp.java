package io.pgfast.bench.app;

import java.util.List;

import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The MVC application: Spring MVC on Tomcat, each request on a virtual thread when
 * {@code spring.threads.virtual.enabled} is set (Java 21 and later), {@link JdbcWorlds} on Boot's HikariCP
 * {@code DataSource}. R2DBC's auto-configuration, on the class path for the reactive variants, is left out.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration(excludeName = "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration")
@Import(MvcApp.Endpoints.class)
public class MvcApp {

    @Bean
    JdbcWorlds jdbcWorlds(JdbcTemplate jdbc) {
        return new JdbcWorlds(jdbc);
    }

    @Bean
    Filter serverHeaders() {
        return (request, response, chain) -> {
            HttpServletResponse http = (HttpServletResponse) response;
            http.setHeader(HttpHeaders.SERVER, TfbRules.SERVER);
            http.setHeader(HttpHeaders.DATE, HttpDate.now());
            chain.doFilter(request, response);
        };
    }

    /** The four endpoints. */
    @RestController
    static class Endpoints {
        private static final MediaType HTML = MediaType.parseMediaType(FortunesPage.CONTENT_TYPE);
        private final JdbcWorlds worlds;

        Endpoints(JdbcWorlds worlds) {
            this.worlds = worlds;
        }

        @GetMapping(value = "/db", produces = MediaType.APPLICATION_JSON_VALUE)
        World db() {
            return worlds.world(TfbRules.randomWorld());
        }

        @GetMapping(value = "/queries", produces = MediaType.APPLICATION_JSON_VALUE)
        List<World> queries(@RequestParam(name = "queries", required = false) String queries) {
            return worlds.worlds(TfbRules.queries(queries));
        }

        @GetMapping(value = "/updates", produces = MediaType.APPLICATION_JSON_VALUE)
        List<World> updates(@RequestParam(name = "queries", required = false) String queries) {
            return worlds.update(TfbRules.queries(queries));
        }

        @GetMapping("/fortunes")
        ResponseEntity<String> fortunes() {
            return ResponseEntity.ok().contentType(HTML).body(FortunesPage.render(worlds.fortunes()));
        }
    }
}
