package io.pgfast.examples;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small bank on Spring Boot WebFlux and Spring Data R2DBC, connected through r2dbc-pgfast
 * ({@code spring.r2dbc.url=r2dbc:pgfast://…} in {@code application.properties}).
 */
@SpringBootApplication
public class ExamplesApplication {

    public static void main(String[] args) {
        SpringApplication.run(ExamplesApplication.class, args);
    }
}
