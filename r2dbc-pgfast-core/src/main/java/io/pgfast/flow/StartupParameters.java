package io.pgfast.flow;

import java.util.Map;

/**
 * What the startup flow needs: the StartupMessage parameters (user, database, GUCs, already assembled)
 * and how to authenticate. {@code password} is null when none was configured; it is only ever sent to
 * the server, never logged or put in a message.
 */
public record StartupParameters(
        Map<String, String> startupMessage,
        String user,
        CharSequence password,
        ChannelBindingPolicy channelBinding,
        boolean allowCleartextPassword) {

    @Override
    public String toString() {
        return "StartupParameters{user=" + user + ", channelBinding=" + channelBinding + '}';
    }

    /** libpq's {@code channel_binding}: disable, prefer (default), require. */
    public enum ChannelBindingPolicy { DISABLE, PREFER, REQUIRE }
}
