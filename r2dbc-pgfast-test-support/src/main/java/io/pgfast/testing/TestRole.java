package io.pgfast.testing;

import java.util.Objects;

/** A login role of the test server and its password. */
public record TestRole(String user, String password) {
    public TestRole {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
    }
}
