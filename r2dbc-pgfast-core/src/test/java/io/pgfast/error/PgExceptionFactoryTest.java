package io.pgfast.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

import io.r2dbc.spi.R2dbcBadGrammarException;
import io.r2dbc.spi.R2dbcDataIntegrityViolationException;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcPermissionDeniedException;
import io.r2dbc.spi.R2dbcRollbackException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PgExceptionFactoryTest {

    private static ErrorDetails error(String code, String message) {
        Map<Character, String> fields = new LinkedHashMap<>();
        fields.put('S', "ERROR");
        fields.put('V', "ERROR");
        if (code != null) {
            fields.put('C', code);
        }
        fields.put('M', message);
        return ErrorDetails.of(fields);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            // code, our class, the R2DBC type it must be, transient?
            "57014, PgTimeoutException, io.r2dbc.spi.R2dbcTimeoutException, true",
            "40001, PgRollbackException, io.r2dbc.spi.R2dbcRollbackException, true",
            "40P01, PgRollbackException, io.r2dbc.spi.R2dbcRollbackException, true",
            "40000, PgRollbackException, io.r2dbc.spi.R2dbcRollbackException, true",
            "40002, PgRollbackException, io.r2dbc.spi.R2dbcRollbackException, true",
            "40003, PgRollbackException, io.r2dbc.spi.R2dbcRollbackException, true",
            "23000, PgDataIntegrityViolationException, io.r2dbc.spi.R2dbcDataIntegrityViolationException, false",
            "23502, PgDataIntegrityViolationException, io.r2dbc.spi.R2dbcDataIntegrityViolationException, false",
            "23503, PgDataIntegrityViolationException, io.r2dbc.spi.R2dbcDataIntegrityViolationException, false",
            "23505, PgDataIntegrityViolationException, io.r2dbc.spi.R2dbcDataIntegrityViolationException, false",
            "23P01, PgDataIntegrityViolationException, io.r2dbc.spi.R2dbcDataIntegrityViolationException, false",
            "42501, PgPermissionDeniedException, io.r2dbc.spi.R2dbcPermissionDeniedException, false",
            "28000, PgPermissionDeniedException, io.r2dbc.spi.R2dbcPermissionDeniedException, false",
            "28P01, PgPermissionDeniedException, io.r2dbc.spi.R2dbcPermissionDeniedException, false",
            "42000, PgBadGrammarException, io.r2dbc.spi.R2dbcBadGrammarException, false",
            "42601, PgBadGrammarException, io.r2dbc.spi.R2dbcBadGrammarException, false",
            "42P01, PgBadGrammarException, io.r2dbc.spi.R2dbcBadGrammarException, false",
            "42703, PgBadGrammarException, io.r2dbc.spi.R2dbcBadGrammarException, false",
            "22000, PgBadGrammarException, io.r2dbc.spi.R2dbcBadGrammarException, false",
            "22012, PgBadGrammarException, io.r2dbc.spi.R2dbcBadGrammarException, false",
            "22P02, PgBadGrammarException, io.r2dbc.spi.R2dbcBadGrammarException, false",
            "08000, PgNonTransientResourceException, io.r2dbc.spi.R2dbcNonTransientResourceException, false",
            "08006, PgNonTransientResourceException, io.r2dbc.spi.R2dbcNonTransientResourceException, false",
            "08P01, PgNonTransientResourceException, io.r2dbc.spi.R2dbcNonTransientResourceException, false",
            "53000, PgTransientResourceException, io.r2dbc.spi.R2dbcTransientResourceException, true",
            "53100, PgTransientResourceException, io.r2dbc.spi.R2dbcTransientResourceException, true",
            "53300, PgTransientResourceException, io.r2dbc.spi.R2dbcTransientResourceException, true",
            "57P01, PgTransientResourceException, io.r2dbc.spi.R2dbcTransientResourceException, true",
            "57P02, PgTransientResourceException, io.r2dbc.spi.R2dbcTransientResourceException, true",
            "57P03, PgTransientResourceException, io.r2dbc.spi.R2dbcTransientResourceException, true",
            // class 57 codes outside the list, and everything unlisted, are non-transient
            "57000, PgNonTransientException, io.r2dbc.spi.R2dbcNonTransientException, false",
            "57P04, PgNonTransientException, io.r2dbc.spi.R2dbcNonTransientException, false",
            "57P05, PgNonTransientException, io.r2dbc.spi.R2dbcNonTransientException, false",
            "55P03, PgNonTransientException, io.r2dbc.spi.R2dbcNonTransientException, false",
            "0A000, PgNonTransientException, io.r2dbc.spi.R2dbcNonTransientException, false",
            "25P02, PgNonTransientException, io.r2dbc.spi.R2dbcNonTransientException, false",
            "P0001, PgNonTransientException, io.r2dbc.spi.R2dbcNonTransientException, false",
            "XX000, PgNonTransientException, io.r2dbc.spi.R2dbcNonTransientException, false",
            "4200, PgNonTransientException, io.r2dbc.spi.R2dbcNonTransientException, false",
            "230050, PgNonTransientException, io.r2dbc.spi.R2dbcNonTransientException, false",
    })
    void mapsSqlStateToTheMostSpecificException(String code, String simpleName, Class<?> r2dbcType, boolean isTransient) {
        ErrorDetails details = error(code, "boom");

        R2dbcException e = PgExceptionFactory.create(details, "SELECT 1");

        assertThat(e.getClass().getSimpleName()).isEqualTo(simpleName);
        assertThat(e).isInstanceOf(r2dbcType).isInstanceOf(PgErrorDetails.class);
        assertThat(e instanceof R2dbcTransientException).isEqualTo(isTransient);
        assertThat(e instanceof R2dbcNonTransientException).isEqualTo(!isTransient);
        assertThat(((PgErrorDetails) e).getErrorDetails()).isSameAs(details);
        assertThat(e.getSqlState()).isEqualTo(code);
        assertThat(e.getErrorCode()).isZero();
        assertThat(e.getSql()).isEqualTo("SELECT 1");
        assertThat(e.getMessage()).isEqualTo("boom");
        assertThat(e.toString()).contains("[" + code + "] boom");
    }

    @Test
    void exactTypesForTheHeadlineCases() {
        assertThat(PgExceptionFactory.create(error("57014", "canceling statement due to statement timeout"), null))
                .isExactlyInstanceOf(PgTimeoutException.class).isInstanceOf(R2dbcTimeoutException.class);
        assertThat(PgExceptionFactory.create(error("40001", "could not serialize access"), null))
                .isInstanceOf(R2dbcRollbackException.class);
        assertThat(PgExceptionFactory.create(error("23505", "duplicate key"), null))
                .isInstanceOf(R2dbcDataIntegrityViolationException.class);
        assertThat(PgExceptionFactory.create(error("42501", "permission denied"), null))
                .isInstanceOf(R2dbcPermissionDeniedException.class);
        assertThat(PgExceptionFactory.create(error("08P01", "protocol violation"), null))
                .isInstanceOf(R2dbcNonTransientResourceException.class);
        assertThat(PgExceptionFactory.create(error("53300", "too many connections"), null))
                .isInstanceOf(R2dbcTransientResourceException.class);
    }

    @Test
    void badGrammarCarriesTheOffendingSql() {
        R2dbcException e = PgExceptionFactory.create(error("42P01", "relation \"nope\" does not exist"), "SELECT * FROM nope");

        assertThat(e).isInstanceOf(R2dbcBadGrammarException.class);
        assertThat(((R2dbcBadGrammarException) e).getOffendingSql()).isEqualTo("SELECT * FROM nope");
        assertThat(e.getSql()).isEqualTo("SELECT * FROM nope");
    }

    @Test
    void messageAddsDetailAndHintLines() {
        Map<Character, String> fields = new LinkedHashMap<>();
        fields.put('S', "ERROR");
        fields.put('C', "23505");
        fields.put('M', "duplicate key value violates unique constraint \"users_pkey\"");
        fields.put('D', "Key (id)=(1) already exists.");
        fields.put('H', "Pick another id.");
        fields.put('n', "users_pkey");

        R2dbcException e = PgExceptionFactory.create(ErrorDetails.of(fields), "INSERT INTO users VALUES (1)");

        assertThat(e.getMessage()).isEqualTo("duplicate key value violates unique constraint \"users_pkey\"\n"
                + "Detail: Key (id)=(1) already exists.\n"
                + "Hint: Pick another id.");
        assertThat(((PgErrorDetails) e).getErrorDetails().constraint()).contains("users_pkey");
    }

    @Test
    void missingCodeAndMessageStillGiveAReadableException() {
        R2dbcException e = PgExceptionFactory.create(ErrorDetails.of(Map.of('S', "FATAL")), null);

        assertThat(e).isExactlyInstanceOf(PgNonTransientException.class);
        assertThat(e.getSqlState()).isNull();
        assertThat(e.getSql()).isNull();
        assertThat(e.getMessage()).isEqualTo("(the server sent no message)");
    }

    @Test
    void nullDetailsAreRejected() {
        assertThatThrownBy(() -> PgExceptionFactory.create(null, "SELECT 1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("details");
        assertThatThrownBy(() -> new PgTimeoutException(null, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("details");
    }

    @Test
    void exceptionsSurviveSerialization() throws Exception {
        R2dbcException e = PgExceptionFactory.create(error("40P01", "deadlock detected"), "UPDATE t SET x = 1");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(e);
        }
        Object copy;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            copy = in.readObject();
        }
        assertThat(copy).isInstanceOf(PgRollbackException.class);
        assertThat(((PgErrorDetails) copy).getErrorDetails()).isEqualTo(((PgErrorDetails) e).getErrorDetails());
        assertThat(((R2dbcException) copy).getSqlState()).isEqualTo("40P01");
    }
}
