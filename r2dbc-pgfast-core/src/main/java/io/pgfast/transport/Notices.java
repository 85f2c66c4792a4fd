package io.pgfast.transport;

import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import reactor.util.Logger;
import reactor.util.Loggers;

/**
 * Where a connection logs what the server reports on its own, each at its configured level:
 * notices that no Result takes as a Message segment (logger {@code io.pgfast.notice}: those of a Result
 * consumed with map or getRowsUpdated, during startup, while idle, in driver commands, after the last
 * result), and every ErrorResponse as it arrives
 * (logger {@code io.pgfast.errorresponse}), before it becomes an exception. One instance per connection.
 */
public final class Notices {

    /** The levels a message can be logged at; {@code OFF} logs nothing. */
    public enum Level { OFF, DEBUG, INFO, WARN, ERROR }

    /** Notices at INFO, error responses at DEBUG (r2dbc-postgresql's default for error responses). */
    public static final Notices DEFAULT = new Notices(Level.INFO, Level.DEBUG);

    private static final Logger NOTICE_LOG = Loggers.getLogger("io.pgfast.notice");
    private static final Logger ERROR_LOG = Loggers.getLogger("io.pgfast.errorresponse");

    private final Level noticeLevel;
    private final Level errorLevel;

    public Notices(Level noticeLevel, Level errorLevel) {
        this.noticeLevel = noticeLevel;
        this.errorLevel = errorLevel;
    }

    public void log(NoticeResponse notice) {
        write(NOTICE_LOG, noticeLevel, notice.severity(), notice.message(), notice.code());
    }

    public void log(ErrorResponse error) {
        write(ERROR_LOG, errorLevel, error.severity(), error.message(), error.code());
    }

    private static void write(Logger log, Level level, String severity, String message, String code) {
        switch (level) {
            case DEBUG:
                log.debug("{}: {} ({})", severity, message, code);
                break;
            case INFO:
                log.info("{}: {} ({})", severity, message, code);
                break;
            case WARN:
                log.warn("{}: {} ({})", severity, message, code);
                break;
            case ERROR:
                log.error("{}: {} ({})", severity, message, code);
                break;
            default:
                break;
        }
    }
}
