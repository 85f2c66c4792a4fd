package io.pgfast.transport;

import io.pgfast.protocol.backend.NoticeResponse;
import reactor.util.Logger;
import reactor.util.Loggers;

/**
 * The one place server notices are logged (logger {@code io.pgfast.notice}, INFO): those that no Result
 * takes as a Message segment — during startup, while idle, in driver commands, after the last result.
 */
public final class Notices {

    private static final Logger LOG = Loggers.getLogger("io.pgfast.notice");

    private Notices() {
    }

    public static void log(NoticeResponse notice) {
        LOG.info("{}: {} ({})", notice.severity(), notice.message(), notice.code());
    }
}
