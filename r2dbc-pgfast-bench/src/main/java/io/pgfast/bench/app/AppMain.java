package io.pgfast.bench.app;

import io.pgfast.bench.BenchTarget;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One variant's JVM: {@code java -cp … io.pgfast.bench.app.AppMain VARIANT PORT POOL_SIZE}, with the server in the
 * environment ({@link BenchTarget#toEnvironment}). Prints {@link #READY} and the port once it serves, and runs until it
 * is killed.
 */
public final class AppMain {
    /** What the first line of a started application's standard output begins with. */
    public static final String READY = "[app] ready ";

    private AppMain() {
    }

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: AppMain VARIANT PORT POOL_SIZE (variants: "
                    + AppVariant.ids(java.util.List.of(AppVariant.values())) + ")");
            System.exit(2);
        }
        AppVariant variant = AppVariant.byId(args[0]);
        // the run that started it may die without stopping it (SIGKILL): an orphan would hold its pool's connections
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> System.exit(3)));
        ConfigurableApplicationContext context = variant.start(BenchTarget.fromEnvironment(System.getenv()),
                Integer.parseInt(args[1]), Integer.parseInt(args[2]));
        System.out.println(READY + variant.id() + " on port " + AppVariant.port(context) + ", Java "
                + Runtime.version().feature());
        System.out.flush();
    }
}
