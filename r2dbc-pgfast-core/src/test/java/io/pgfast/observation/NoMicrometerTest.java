package io.pgfast.observation;

import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * micrometer-observation is optional: without an observation registry the driver neither needs nor
 * loads any of its classes. The probe runs in a class loader of its own over the test class path
 * (parent: the platform loader, so nothing comes from this JVM's application loader), once with the
 * micrometer jars removed and once with them present but every {@code io.micrometer} class it loads
 * recorded. (Reactor itself probes for {@code io.micrometer.context.ContextRegistry}, which is not on the
 * class path: a lookup that fails loads nothing and is not counted.)
 */
@RequiresPostgres
class NoMicrometerTest {

    @Test
    void theDriverRunsWithMicrometerAbsent() throws Exception {
        try (IsolatedLoader loader = new IsolatedLoader(false)) {
            assertThatThrownBy(() -> loader.loadClass("io.micrometer.observation.ObservationRegistry"))
                    .as("micrometer is hidden").isInstanceOf(ClassNotFoundException.class);
            String result = probe(loader, true);
            assertThat(result).startsWith("42 bound 2 refused: observationRegistry needs io.micrometer:micrometer-observation on the class path");
        }
    }

    @Test
    void withoutARegistryNoMicrometerClassIsLoadedEvenWhenPresent() throws Exception {
        try (IsolatedLoader loader = new IsolatedLoader(true)) {
            assertThat(loader.loadClass("io.micrometer.observation.ObservationRegistry")).as("micrometer is present").isNotNull();
            loader.loaded.clear();
            assertThat(probe(loader, false)).isEqualTo("42 bound 2");
            assertThat(loader.loaded).as("io.micrometer classes the no-registry path loaded").isEmpty();
        }
    }

    private static String probe(ClassLoader loader, boolean tryRegistry) throws Exception {
        TestServer s = TestPostgres.get();
        Class<?> probe = Class.forName(NoMicrometerProbe.class.getName(), true, loader);
        assertThat(probe.getClassLoader()).isSameAs(loader);
        return (String) probe.getMethod("run", String.class, int.class, String.class, String.class, String.class, boolean.class)
                .invoke(null, s.host(), s.port(), s.database(), s.role(AuthMethod.SCRAM).user(), s.role(AuthMethod.SCRAM).password(),
                        tryRegistry);
    }

    /** The test class path, without the io.micrometer jars unless asked, recording the io.micrometer classes loaded. */
    private static final class IsolatedLoader extends URLClassLoader {

        final Queue<String> loaded = new ConcurrentLinkedQueue<>();

        IsolatedLoader(boolean withMicrometer) throws MalformedURLException {
            super("isolated", classPath(withMicrometer), ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            Class<?> c = super.loadClass(name, resolve);
            if (name.startsWith("io.micrometer.")) {
                loaded.add(name);
            }
            return c;
        }

        private static URL[] classPath(boolean withMicrometer) throws MalformedURLException {
            String surefire = System.getProperty("surefire.test.class.path");
            String path = surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
            List<URL> urls = new ArrayList<>();
            for (String entry : path.split(File.pathSeparator)) {
                if (entry.isEmpty() || !withMicrometer && entry.replace('\\', '/').contains("/io/micrometer/")) {
                    continue;
                }
                urls.add(Path.of(entry).toUri().toURL());
            }
            return urls.toArray(new URL[0]);
        }
    }
}
