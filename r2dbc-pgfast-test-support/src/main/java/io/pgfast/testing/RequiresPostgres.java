package io.pgfast.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * Marks a test class or method that needs a running PostgreSQL ({@link TestPostgres#get()}).
 * It is the tag {@code pg}, so CI can run only these tests on another major:
 * {@code ./mvnw test -Dgroups=pg -Dpgfast.test.pg=12}.
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Tag(RequiresPostgres.TAG)
public @interface RequiresPostgres {
    /** The JUnit tag this annotation stands for. */
    String TAG = "pg";
}
