package io.pgfast.testing;

/** How {@link ReplicatedCluster#failPrimary} takes the primary down. */
public enum PrimaryFailure {
    /**
     * {@code pg_ctl stop -m immediate}: the postmaster sends SIGQUIT to every server process, which quits at
     * once (a backend tells its client with a FATAL 57P01 error first), and exits without a checkpoint.
     */
    IMMEDIATE_SHUTDOWN,
    /**
     * SIGKILL to the postmaster alone (the OOM killer's way): its listening socket goes with it; each backend
     * ends when it notices, and a backend waiting for its commit to be replicated ends without answering.
     */
    KILL_POSTMASTER
}
