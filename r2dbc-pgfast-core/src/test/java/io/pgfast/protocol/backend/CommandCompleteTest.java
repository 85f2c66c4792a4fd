package io.pgfast.protocol.backend;

import io.pgfast.protocol.ProtocolException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CommandCompleteTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "INSERT 0 1              | INSERT       | 1",
        "INSERT 16385 3          | INSERT       | 3",
        "SELECT 0                | SELECT       | 0",
        "SELECT 9223372036854775807 | SELECT    | 9223372036854775807",
        "UPDATE 12               | UPDATE       | 12",
        "DELETE 7                | DELETE       | 7",
        "MERGE 4                 | MERGE        | 4",
        "COPY 100000             | COPY         | 100000",
        "FETCH 50                | FETCH        | 50",
        "MOVE 2                  | MOVE         | 2",
        "CREATE TABLE            | CREATE TABLE | -1",
        "BEGIN                   | BEGIN        | -1",
        "SET                     | SET          | -1",
        "DROP INDEX              | DROP INDEX   | -1",
        "LISTEN                  | LISTEN       | -1",
        "INSERTED 3              | INSERTED 3   | -1",
        "SELECT                  | SELECT       | -1",
    })
    void commandAndRows(String tag, String command, long rows) {
        CommandComplete complete = new CommandComplete(tag);
        assertThat(complete.command()).isEqualTo(command);
        assertThat(complete.rows()).isEqualTo(rows);
        assertThat(complete.tag()).isEqualTo(tag);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "INSERT", "INSERT 0", "INSERT x 1", "INSERT 0 ", "INSERT 0 1x", "SELECT ", "SELECT -1",
        "SELECT 1 2", "UPDATE 9223372036854775808", "DELETE 12345678901234567890", "COPY +5", "MOVE  1",
    })
    void malformedCountsAreProtocolErrors(String tag) {
        assertThatThrownBy(() -> new CommandComplete(tag))
            .isInstanceOf(ProtocolException.class)
            .hasMessageStartingWith("CommandComplete: malformed command tag '" + tag + "'");
    }
}
