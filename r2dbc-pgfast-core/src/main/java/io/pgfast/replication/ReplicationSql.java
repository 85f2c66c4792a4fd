package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;
import io.pgfast.error.PgfastClientException;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The text of the replication commands (PostgreSQL docs, "Streaming Replication Protocol"), with names
 * checked and values quoted so that nothing a caller passes can change the command. Pure functions.
 */
final class ReplicationSql {

    /** The server's rule (ReplicationSlotValidateName): lower-case letters, digits, underscore; NAMEDATALEN - 1 bytes. */
    private static final Pattern SLOT_NAME = Pattern.compile("[a-z0-9_]{1,63}");
    /** Written bare when it matches; otherwise double-quoted (the replication scanner reads quoted identifiers). */
    private static final Pattern PLAIN_IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]*");
    private static final int MAX_IDENTIFIER_BYTES = 63;

    private ReplicationSql() {
    }

    static String checkSlotName(String name) {
        if (name == null || !SLOT_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a replication slot name is 1 to 63 lower-case letters, digits and underscores, not "
                    + (name == null ? "null" : "\"" + name + "\""));
        }
        return name;
    }

    static String checkPluginName(String name) {
        if (name == null || name.isEmpty() || name.indexOf('\0') >= 0
                || name.getBytes(StandardCharsets.UTF_8).length > MAX_IDENTIFIER_BYTES) {
            throw new IllegalArgumentException("an output plugin name is 1 to 63 bytes without NUL, not " + name);
        }
        return name;
    }

    static String identifySystem() {
        return "IDENTIFY_SYSTEM";
    }

    /**
     * CREATE_REPLICATION_SLOT in the syntax of the server: options in parentheses since PostgreSQL 15,
     * keywords before.
     *
     * @throws PgfastClientException when the request needs a newer server (two-phase: 15)
     */
    static String createSlot(CreateReplicationSlot request, int serverMajor) {
        StringBuilder sql = new StringBuilder("CREATE_REPLICATION_SLOT ").append(request.slotName());
        if (request.isTemporary()) {
            sql.append(" TEMPORARY");
        }
        sql.append(" LOGICAL ").append(identifier(request.plugin()));
        SlotSnapshot snapshot = request.snapshot();
        if (serverMajor >= 15) {
            StringBuilder options = new StringBuilder();
            if (snapshot != null) {
                options.append("SNAPSHOT ").append(literal(snapshot.option()));
            }
            if (request.isTwoPhase()) {
                options.append(options.length() > 0 ? ", " : "").append("TWO_PHASE");
            }
            if (options.length() > 0) {
                sql.append(" (").append(options).append(')');
            }
        } else {
            if (request.isTwoPhase()) {
                throw new PgfastClientException("a two-phase slot needs PostgreSQL 15 or later; the server is PostgreSQL " + serverMajor, null);
            }
            if (snapshot != null) {
                sql.append(' ').append(snapshot.keyword());
            }
        }
        return sql.toString();
    }

    static String dropSlot(String slotName, boolean wait) {
        return "DROP_REPLICATION_SLOT " + checkSlotName(slotName) + (wait ? " WAIT" : "");
    }

    /** START_REPLICATION SLOT … LOGICAL X/Y, with the plugin's options as {@code name 'value'} pairs. */
    static String startLogical(String slotName, Lsn start, Map<String, String> options) {
        StringBuilder sql = new StringBuilder("START_REPLICATION SLOT ").append(checkSlotName(slotName))
                .append(" LOGICAL ").append(start);
        if (!options.isEmpty()) {
            sql.append(" (");
            boolean first = true;
            for (Map.Entry<String, String> option : options.entrySet()) {
                if (!first) {
                    sql.append(", ");
                }
                first = false;
                sql.append(identifier(option.getKey())).append(' ').append(literal(option.getValue()));
            }
            sql.append(')');
        }
        return sql.toString();
    }

    /** An identifier: bare when plain lower case, else double-quoted with inner quotes doubled. */
    static String identifier(String name) {
        if (name == null || name.isEmpty() || name.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("an identifier must be a non-empty string without NUL, was " + name);
        }
        if (PLAIN_IDENTIFIER.matcher(name).matches()) {
            return name;
        }
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    /**
     * A string literal: single quotes, inner single quotes doubled. The replication scanner treats
     * backslashes as ordinary characters, as standard_conforming_strings does.
     */
    static String literal(String value) {
        if (value == null || value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("an option value must be a string without NUL, was " + value);
        }
        return '\'' + value.replace("'", "''") + '\'';
    }
}
