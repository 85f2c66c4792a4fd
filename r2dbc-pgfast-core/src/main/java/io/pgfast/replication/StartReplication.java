package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;

import java.time.Duration;

/**
 * Where a START_REPLICATION … LOGICAL stream starts, and how often the client reports its position.
 * Immutable: every setter returns a new instance.
 *
 * <pre>{@code
 * StartReplication.slot("orders_cdc").startAt(lastAcknowledged).statusInterval(Duration.ofSeconds(5))
 * }</pre>
 */
public final class StartReplication {

    /** As pgjdbc and the server's {@code wal_receiver_status_interval}: well inside {@code wal_sender_timeout} (60 s). */
    public static final Duration DEFAULT_STATUS_INTERVAL = Duration.ofSeconds(10);

    private final String slotName;
    private final Lsn startLsn;
    private final Duration statusInterval;

    private StartReplication(String slotName, Lsn startLsn, Duration statusInterval) {
        this.slotName = slotName;
        this.startLsn = startLsn;
        this.statusInterval = statusInterval;
    }

    /**
     * A stream of the slot, starting at its confirmed position.
     *
     * @throws IllegalArgumentException for a name the server does not allow for slots
     */
    public static StartReplication slot(String slotName) {
        return new StartReplication(ReplicationSql.checkSlotName(slotName), Lsn.INVALID, DEFAULT_STATUS_INTERVAL);
    }

    /**
     * Start at this position: the last one the application acknowledged. The server starts at the slot's
     * confirmed position when that is later, and with {@link Lsn#INVALID} (the default).
     */
    public StartReplication startAt(Lsn lsn) {
        if (lsn == null) {
            throw new IllegalArgumentException("lsn must not be null (Lsn.INVALID starts at the slot's confirmed position)");
        }
        return new StartReplication(slotName, lsn, statusInterval);
    }

    /**
     * How often to send a standby status update with the acknowledged positions, besides when the server
     * asks for one; {@link Duration#ZERO} sends them only then (and when the stream ends). Keep it below
     * the server's {@code wal_sender_timeout}: while the consumer is slow the driver does not read, and
     * these updates are what tells the server the client is alive.
     */
    public StartReplication statusInterval(Duration interval) {
        if (interval == null || interval.isNegative()) {
            throw new IllegalArgumentException("statusInterval must be zero or positive, was " + interval);
        }
        return new StartReplication(slotName, startLsn, interval);
    }

    public String slotName() {
        return slotName;
    }

    public Lsn startLsn() {
        return startLsn;
    }

    public Duration statusInterval() {
        return statusInterval;
    }

    @Override
    public String toString() {
        return "StartReplication[" + slotName + " at " + startLsn + ", statusInterval=" + statusInterval + "]";
    }
}
