package io.pgfast.bench.app;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The {@code Date} header's value (RFC 9110's IMF-fixdate), formatted once per second: TFB requires a current date
 * on every response and fails one that stays the same across seconds.
 */
public final class HttpDate {
    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter
            .ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    private record Stamp(long second, String text) {
    }

    private static volatile Stamp current = new Stamp(Long.MIN_VALUE, "");

    private HttpDate() {
    }

    /** The current second's header value. */
    public static String now() {
        long second = System.currentTimeMillis() / 1000;
        Stamp s = current;
        if (s.second() != second) {
            s = new Stamp(second, IMF_FIXDATE.format(Instant.ofEpochSecond(second)));
            current = s;
        }
        return s.text();
    }

    /** The formatter, for the verifier's check of the header's form. */
    public static DateTimeFormatter format() {
        return IMF_FIXDATE;
    }
}
