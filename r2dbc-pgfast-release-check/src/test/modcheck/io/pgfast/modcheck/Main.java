package io.pgfast.modcheck;

import io.pgfast.codec.type.Json;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.R2dbcException;
import reactor.core.publisher.Mono;

/**
 * Run by ModulePathTest on the module path and on the class path: discovers the driver through
 * ConnectionFactories, reads its configuration, and lets it try a connection to a port where nothing
 * listens, which runs Reactor Netty and Netty's transport, resolver and handler code. Prints one line
 * per fact and "OK" last; any failure ends the JVM with an exception.
 */
public final class Main {

    public static void main(String[] args) {
        ConnectionFactory factory = ConnectionFactories.get("r2dbc:pgfast://app@127.0.0.1:" + args[0]
                + "/db?sslMode=prefer&connectTimeout=5s&schema=app");
        System.out.println("factory " + factory.getClass().getName() + " in " + describe(factory.getClass().getModule()));
        PgfastConnectionConfiguration configuration = PgfastConnectionConfiguration.builder().username("app").schema("app").build();
        System.out.println("schema " + configuration.schema().orElseThrow());
        System.out.println("codec types in " + describe(Json.class.getModule()) + ", " + Json.of("{}").asString());
        Module driver = factory.getClass().getModule();
        if (driver.isNamed()) {
            System.out.println("exports io.pgfast.flow: " + driver.isExported("io.pgfast.flow"));
            System.out.println("exports io.pgfast.r2dbc: " + driver.isExported("io.pgfast.r2dbc"));
        }
        try {
            Mono.from(factory.create()).block();
            throw new AssertionError("connected to a port where nothing listens");
        } catch (R2dbcException expected) {
            System.out.println("connect failed as expected: " + expected.getClass().getSimpleName() + ": " + expected.getMessage());
        }
        System.out.println("OK");
    }

    private static String describe(Module module) {
        return module.isNamed() ? "module " + module.getName() : "the unnamed module";
    }
}
