package io.pgfast.protocol.frontend;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A NUL inside a String would end it early and let the rest be read as the next fields: refused
 * when the message is made, so nothing is ever written. (Bind's checks are in BindTest.)
 */
class NulInjectionTest {

    @Test
    void startupParameterValueCannotInjectAnotherParameter() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("user", "bob");
        parameters.put("application_name", "app\0options\0-c log_statement=all");
        assertThatIllegalArgumentException().isThrownBy(() -> new StartupMessage(parameters))
            .withMessageContaining("application_name").withMessageContaining("NUL");
    }

    @Test
    void startupParameterNameIsCheckedToo() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("user", "bob");
        parameters.put("a\0b", "c");
        assertThatIllegalArgumentException().isThrownBy(() -> new StartupMessage(parameters)).withMessageContaining("NUL");
    }

    @Test
    void emptyStartupParameterNameWouldEndTheList() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("user", "bob");
        parameters.put("", "database");
        assertThatIllegalArgumentException().isThrownBy(() -> new StartupMessage(parameters)).withMessageContaining("empty");
    }

    @Test
    void startupNeedsUser() {
        assertThatIllegalArgumentException().isThrownBy(() -> new StartupMessage(Map.of("database", "db")))
            .withMessageContaining("user");
    }

    @Test
    void stringsOfEveryMessage() {
        assertThatIllegalArgumentException().isThrownBy(() -> new Query("SELECT 1\0SELECT 2"));
        assertThatIllegalArgumentException().isThrownBy(() -> new Parse("s\0", "SELECT 1", new int[0]))
            .withMessageContaining("statement name");
        assertThatIllegalArgumentException().isThrownBy(() -> new Parse("s", "SELECT\0", new int[0]))
            .withMessageContaining("query");
        assertThatIllegalArgumentException().isThrownBy(() -> Describe.portal("p\0"))
            .withMessageContaining("portal name");
        assertThatIllegalArgumentException().isThrownBy(() -> Close.statement("s\0"))
            .withMessageContaining("statement name");
        assertThatIllegalArgumentException().isThrownBy(() -> new Execute("\0", 0));
        assertThatIllegalArgumentException().isThrownBy(() -> new CopyFail("no\0"));
        assertThatIllegalArgumentException().isThrownBy(() -> new SASLInitialResponse("SCRAM\0", null));
        assertThatIllegalArgumentException().isThrownBy(() -> new PasswordMessage(new byte[] {'a', 0, 'b'}))
            .withMessageContaining("zero byte");
    }

    @Test
    void nullsAreRefusedWithIllegalArgument() {
        assertThatThrownBy(() -> new Query(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Execute(null, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PasswordMessage(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void otherArgumentChecks() {
        assertThatIllegalArgumentException().isThrownBy(() -> new Describe('X', "")).withMessageContaining("'S'");
        assertThatIllegalArgumentException().isThrownBy(() -> new Close('s', ""));
        assertThatIllegalArgumentException().isThrownBy(() -> new Execute("", -1));
        assertThatIllegalArgumentException().isThrownBy(() -> new CancelRequest(1, new byte[3]));
        assertThatIllegalArgumentException().isThrownBy(() -> new CancelRequest(1, new byte[257]));
        assertThatIllegalArgumentException().isThrownBy(() -> new Parse("", "", new int[65536]))
            .withMessageContaining("65535");
    }
}
