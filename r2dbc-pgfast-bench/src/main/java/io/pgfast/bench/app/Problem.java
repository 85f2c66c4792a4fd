package io.pgfast.bench.app;

/**
 * One finding of the {@link AppVerifier}: TFB fails an implementation on a {@link Severity#FAIL} and only warns on a
 * {@link Severity#WARN}.
 */
public record Problem(Severity severity, String url, String message) {

    public enum Severity { FAIL, WARN }

    static Problem fail(String url, String message) {
        return new Problem(Severity.FAIL, url, message);
    }

    static Problem warn(String url, String message) {
        return new Problem(Severity.WARN, url, message);
    }

    @Override
    public String toString() {
        return severity.name().toLowerCase(java.util.Locale.ROOT) + " " + url + ": " + message;
    }
}
