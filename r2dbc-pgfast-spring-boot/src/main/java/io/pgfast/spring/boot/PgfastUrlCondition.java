package io.pgfast.spring.boot;

import io.pgfast.r2dbc.PgfastConnectionFactoryProvider;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when {@code spring.r2dbc.url} names this driver ({@code r2dbc:pgfast:...}). An {@code r2dbc:pool:pgfast:}
 * URL does not match: it asks for r2dbc-pool, which Boot then builds as before. Neither does
 * {@code r2dbc:postgresql:}, which other drivers also claim. Both Spring Boot lines' auto-configurations use it.
 */
public final class PgfastUrlCondition extends SpringBootCondition {

    static final String PREFIX = "r2dbc:" + PgfastConnectionFactoryProvider.PGFAST_DRIVER + ":";

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        String url = context.getEnvironment().getProperty("spring.r2dbc.url");
        if (url != null && url.trim().startsWith(PREFIX)) {
            return ConditionOutcome.match("spring.r2dbc.url starts with " + PREFIX);
        }
        return ConditionOutcome.noMatch("spring.r2dbc.url does not start with " + PREFIX);
    }
}
