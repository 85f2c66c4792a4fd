package io.pgfast.bench;

import java.util.LinkedHashSet;
import java.util.Set;

/** One line that says what went wrong: the exception's type and message, then those of its causes. */
public final class Errors {
    private static final int MAX_LENGTH = 400;

    private Errors() {
    }

    public static String describe(Throwable t) {
        StringBuilder b = new StringBuilder();
        Set<Throwable> seen = new LinkedHashSet<>();
        for (Throwable c = t; c != null && seen.add(c); c = c.getCause()) {
            String message = c.getMessage();
            if (b.length() > 0) {
                if (message != null && b.indexOf(message) >= 0) {
                    continue;
                }
                b.append(" <- ");
            }
            b.append(c.getClass().getSimpleName());
            if (message != null && !message.isBlank()) {
                b.append(": ").append(message.strip());
            }
        }
        String s = b.toString().replace('\n', ' ').replace('\r', ' ').replace('\t', ' ');
        return s.length() <= MAX_LENGTH ? s : s.substring(0, MAX_LENGTH - 1) + "…";
    }
}
