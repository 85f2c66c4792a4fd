package io.pgfast.replication;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.replication.pgoutput.PgOutput;
import io.pgfast.replication.pgoutput.PgOutputMessage;
import io.pgfast.testing.RequiresPostgres;
import org.junit.jupiter.api.Test;

import java.util.List;

@RequiresPostgres
class SmokeTest {
    @Test
    void smoke() {
        PgfastConnection sql = Repl.sql();
        ReplicationConnection r = Repl.open();
        String t = Repl.unique("t"), p = Repl.unique("p"), s = Repl.unique("s");
        Repl.run(sql, "CREATE TABLE " + t + " (id int PRIMARY KEY, v text)", "CREATE PUBLICATION " + p + " FOR TABLE " + t);
        System.out.println(r.identifySystem().block());
        System.out.println(r.createSlot(CreateReplicationSlot.logical(s).temporary(true)).block());
        Repl.run(sql, "INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b')", "UPDATE " + t + " SET v = 'c' WHERE id = 1", "DELETE FROM " + t);
        ReplicationStream<PgOutputMessage> st = r.startReplication(StartReplication.slot(s), PgOutput.publications(p));
        System.out.println(st.command());
        List<PgOutputMessage> msgs = st.messages().take(12).collectList().block(Repl.TIMEOUT);
        msgs.forEach(System.out::println);
        System.out.println(r.identifySystem().block());
        Repl.close(r);
        Repl.close(sql);
    }
}
