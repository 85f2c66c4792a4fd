package io.pgfast.config;

import java.io.File;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns an option value into its Java type. Values arrive as Strings from a URL and as typed
 * objects from code; both are accepted. Every failure is an {@link IllegalArgumentException}
 * naming the option; the offending value is quoted only for options that are not sensitive.
 */
public final class OptionCoercion {

    /** {@code 10}, {@code 10s}, {@code 500ms}, {@code 2m}, {@code 2min}, {@code 1h}, {@code 1d}, {@code 250us}. */
    private static final Pattern SIMPLE_DURATION = Pattern.compile("(\\d{1,18})\\s*(us|ms|s|m|min|h|d)?");

    private OptionCoercion() {
    }

    public static String string(String name, Object value) {
        if (value instanceof CharSequence) {
            return value.toString();
        }
        throw wrongType(name, value, "a String");
    }

    /**
     * The {@code host} option: a String (one host, or a comma-separated list, as a URL's authority
     * {@code h1:5432,h2:5433} arrives), or a {@code Collection} of Strings / {@link HostSpec}s.
     */
    public static String hosts(String name, Object value) {
        if (value instanceof CharSequence) {
            return value.toString();
        }
        if (value instanceof java.util.Collection) {
            StringBuilder list = new StringBuilder();
            for (Object host : (java.util.Collection<?>) value) {
                if (host == null) {
                    throw new IllegalArgumentException(name + " must not contain null");
                }
                if (!(host instanceof CharSequence) && !(host instanceof HostSpec)) {
                    throw wrongType(name, host, "a list of Strings or HostSpecs");
                }
                list.append(list.length() == 0 ? "" : ",").append(host);
            }
            if (list.length() == 0) {
                throw new IllegalArgumentException(name + " must not be an empty list");
            }
            return list.toString();
        }
        throw wrongType(name, value, "a String or a list of hosts");
    }

    /** A boolean, or libpq's {@code load_balance_hosts} values {@code random} (true) and {@code disable} (false). */
    public static boolean loadBalance(String name, Object value) {
        if (value instanceof CharSequence) {
            String s = value.toString().trim().toLowerCase(Locale.ROOT);
            if (s.equals("random")) {
                return true;
            }
            if (s.equals("disable")) {
                return false;
            }
        }
        return bool(name, value);
    }

    /** A file path given as String, {@link Path} or {@link File}. */
    public static String path(String name, Object value) {
        if (value instanceof Path || value instanceof File) {
            return value.toString();
        }
        if (value instanceof CharSequence) {
            return value.toString();
        }
        throw wrongType(name, value, "a path (String, Path or File)");
    }

    public static int integer(String name, Object value) {
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).intValue();
        }
        if (value instanceof Long) {
            long l = (Long) value;
            if (l < Integer.MIN_VALUE || l > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(name + " is out of range: " + l);
            }
            return (int) l;
        }
        if (value instanceof CharSequence) {
            String s = value.toString().trim();
            try {
                return Integer.parseInt(s);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " must be an integer, got '" + s + "'");
            }
        }
        throw wrongType(name, value, "an integer");
    }

    /** true/false, on/off, yes/no, 1/0, ignoring case (the spellings PostgreSQL accepts for booleans). */
    public static boolean bool(String name, Object value) {
        if (value instanceof Boolean) {
            return (Boolean) value;
        }
        if (value instanceof CharSequence) {
            String s = value.toString().trim().toLowerCase(Locale.ROOT);
            switch (s) {
                case "true": case "on": case "yes": case "1":
                    return true;
                case "false": case "off": case "no": case "0":
                    return false;
                default:
                    throw new IllegalArgumentException(name + " must be true/false, on/off, yes/no or 1/0, got '" + value + "'");
            }
        }
        throw wrongType(name, value, "a boolean");
    }

    /**
     * A {@link Duration}; a number (or a string of digits) is seconds, as libpq's connect_timeout;
     * strings may also be ISO-8601 ({@code PT10S}) or carry a unit: us, ms, s, m or min, h, d.
     */
    public static Duration duration(String name, Object value) {
        if (value instanceof Duration) {
            return (Duration) value;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            return Duration.ofSeconds(((Number) value).longValue());
        }
        if (!(value instanceof CharSequence)) {
            throw wrongType(name, value, "a Duration");
        }
        String s = value.toString().trim();
        if (!s.isEmpty() && (s.charAt(0) == 'P' || s.charAt(0) == 'p' || s.charAt(0) == '-' && s.length() > 1
                && (s.charAt(1) == 'P' || s.charAt(1) == 'p'))) {
            try {
                return Duration.parse(s);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(name + " is not an ISO-8601 duration: '" + s + "'");
            }
        }
        Matcher m = SIMPLE_DURATION.matcher(s.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(name + " must be a duration such as 10 (seconds), 10s, 500ms, 2m or PT10S, got '" + s + "'");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        try {
            switch (unit) {
                case "us": return Duration.ofNanos(Math.multiplyExact(n, 1000L));
                case "ms": return Duration.ofMillis(n);
                case "s": return Duration.ofSeconds(n);
                case "m": case "min": return Duration.ofMinutes(n);
                case "h": return Duration.ofHours(n);
                default: return Duration.ofDays(n);
            }
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(name + " is too large: '" + s + "'");
        }
    }

    /** {@code d} as {@link #duration} reads it back, in its largest whole unit ({@code 500ms}, {@code 30m}); {@code 0} for zero. */
    static String durationText(Duration d) {
        if (d.isZero()) {
            return "0";
        }
        if (d.isNegative()) {
            return d.toString();
        }
        long seconds = d.getSeconds();
        int nanos = d.getNano();
        if (nanos == 0) {
            return seconds % 86400 == 0 ? seconds / 86400 + "d" : seconds % 3600 == 0 ? seconds / 3600 + "h"
                    : seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
        }
        if (nanos % 1_000_000 == 0) {
            return d.toMillis() + "ms";
        }
        return nanos % 1000 == 0 ? d.toNanos() / 1000 + "us" : d.toString();
    }

    public static <E extends Enum<E>> E enumeration(String name, Object value, Class<E> type, Function<String, E> parse) {
        if (type.isInstance(value)) {
            return type.cast(value);
        }
        if (value instanceof CharSequence) {
            return parse.apply(value.toString());
        }
        throw wrongType(name, value, "a " + type.getSimpleName());
    }

    public static ZoneId zone(String name, Object value) {
        if (value instanceof ZoneId) {
            return (ZoneId) value;
        }
        if (value instanceof TimeZone) {
            return ((TimeZone) value).toZoneId();
        }
        if (value instanceof CharSequence) {
            String s = value.toString().trim();
            try {
                return ZoneId.of(s);
            } catch (DateTimeException e) {
                throw new IllegalArgumentException(name + " is not a time zone ID such as Europe/Paris or UTC: '" + s + "'");
            }
        }
        throw wrongType(name, value, "a ZoneId");
    }

    /**
     * Extra startup parameters: a {@code Map<String, String>}, or a String in one of two forms.
     * <ul>
     *   <li>{@code name=value;name=value} (as r2dbc-postgresql): {@code ;} separates entries, the
     *       first {@code =} separates name and value, {@code \;} and {@code \\} escape; blanks around
     *       names and values are dropped.</li>
     *   <li>libpq's command-line style, recognised by a leading {@code -}: {@code -c name=value} or
     *       {@code --name=value}, arguments separated by blanks, {@code \ } and {@code \\} escape
     *       (libpq "options" keyword). Dashes in names become underscores, as the server does.</li>
     * </ul>
     */
    public static Map<String, String> parameters(String name, Object value) {
        if (value instanceof Map) {
            Map<String, String> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                if (!(e.getKey() instanceof String) || !(e.getValue() instanceof CharSequence)) {
                    throw new IllegalArgumentException(name + " must map String names to String values");
                }
                out.put((String) e.getKey(), e.getValue().toString());
            }
            return out;
        }
        if (!(value instanceof CharSequence)) {
            throw wrongType(name, value, "a Map<String, String> or a String");
        }
        String s = value.toString().trim();
        return s.startsWith("-") ? commandLineParameters(name, s) : listParameters(name, s);
    }

    private static Map<String, String> listParameters(String name, String s) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String entry : split(name, s, ';')) {
            if (entry.isBlank()) {
                continue;
            }
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(name + ": expected name=value, got '" + entry.trim() + "'");
            }
            out.put(entry.substring(0, eq).trim(), entry.substring(eq + 1).trim());
        }
        return out;
    }

    private static Map<String, String> commandLineParameters(String name, String s) {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> args = split(name, s, ' ');
        args.removeIf(String::isEmpty);
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String setting;
            if (arg.equals("-c")) {
                if (i + 1 == args.size()) {
                    throw new IllegalArgumentException(name + ": -c must be followed by name=value");
                }
                setting = args.get(++i);
            } else if (arg.startsWith("--")) {
                setting = arg.substring(2);
            } else if (arg.startsWith("-c")) {
                setting = arg.substring(2);
            } else {
                throw new IllegalArgumentException(name + ": only -c name=value and --name=value are supported, got '" + arg + "'");
            }
            int eq = setting.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(name + ": expected name=value, got '" + setting + "'");
            }
            out.put(setting.substring(0, eq).replace('-', '_'), setting.substring(eq + 1));
        }
        return out;
    }

    /** Splits on {@code separator} (blanks of any kind when it is a space), honouring backslash escapes. */
    private static List<String> split(String name, String s, char separator) {
        List<String> parts = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                if (i + 1 == s.length()) {
                    throw new IllegalArgumentException(name + ": a trailing backslash escapes nothing");
                }
                current.append(s.charAt(++i));
            } else if (separator == ' ' ? Character.isWhitespace(c) : c == separator) {
                parts.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        parts.add(current.toString());
        return parts;
    }

    public static reactor.netty.resources.LoopResources loopResources(String name, Object value) {
        if (value instanceof reactor.netty.resources.LoopResources) {
            return (reactor.netty.resources.LoopResources) value;
        }
        throw wrongType(name, value, "a reactor.netty.resources.LoopResources (code only, no URL form)");
    }

    /** Names the option and the Java type received, never the value (it may be a secret). */
    public static IllegalArgumentException wrongType(String name, Object value, String expected) {
        return new IllegalArgumentException(name + " must be " + expected + ", got a " + value.getClass().getName());
    }
}
