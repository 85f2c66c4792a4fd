package io.pgfast.connect;

import io.pgfast.config.TargetServerType;

/** Which server roles a {@link TargetServerType} takes, and which it tries first. */
final class RoleMatch {

    private RoleMatch() {
    }

    /** The role a connection must have when only that role is accepted: PRIMARY or STANDBY, else ANY. */
    static TargetServerType preferred(TargetServerType target) {
        switch (target) {
            case PREFER_STANDBY: return TargetServerType.STANDBY;
            case PREFER_PRIMARY: return TargetServerType.PRIMARY;
            default: return target;
        }
    }

    /** Whether a server with {@code status} (PRIMARY, STANDBY or REACHABLE) is accepted. */
    static boolean accepts(TargetServerType target, HostStatus status) {
        switch (target) {
            case PRIMARY: return status == HostStatus.PRIMARY;
            case STANDBY: return status == HostStatus.STANDBY;
            default: return status != HostStatus.UNREACHABLE;
        }
    }
}
