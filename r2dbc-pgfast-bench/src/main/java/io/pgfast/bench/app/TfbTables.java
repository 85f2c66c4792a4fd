package io.pgfast.bench.app;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * TFB's two tables: {@code world} ({@link TfbRules#WORLD_ROWS} rows, {@code randomnumber} random in the same range)
 * and {@code fortune} (its 12 rows, one of them markup that must be escaped and one in Japanese, which must arrive as
 * UTF-8).
 */
public final class TfbTables {
    /** The fortune table's rows as TFB defines them. */
    public static final List<Fortune> FORTUNES = List.of(
            new Fortune(1, "fortune: No such file or directory"),
            new Fortune(2, "A computer scientist is someone who fixes things that aren't broken."),
            new Fortune(3, "After enough decimal places, nobody gives a damn."),
            new Fortune(4, "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1"),
            new Fortune(5, "A computer program does what you tell it to do, not what you want it to do."),
            new Fortune(6, "Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen"),
            new Fortune(7, "Any program that runs right is obsolete."),
            new Fortune(8, "A list is only as strong as its weakest link. — Donald Knuth"),
            new Fortune(9, "Feature: A bug with seniority."),
            new Fortune(10, "Computers make very fast, very accurate mistakes."),
            new Fortune(11, "<script>alert(\"This should not be displayed in a browser alert box.\");</script>"),
            new Fortune(12, "フレームワークのベンチマーク"));

    private TfbTables() {
    }

    /** Drops and creates both tables on {@code c} (autocommit on) and fills them. */
    public static void createAndFill(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS world, fortune");
            s.execute("CREATE TABLE world (id int4 PRIMARY KEY, randomnumber int4 NOT NULL DEFAULT 0)");
            s.execute("INSERT INTO world (id, randomnumber) SELECT g, 1 + floor(random() * " + TfbRules.WORLD_ROWS
                    + ")::int4 FROM generate_series(1, " + TfbRules.WORLD_ROWS + ") g");
            s.execute("CREATE TABLE fortune (id int4 PRIMARY KEY, message varchar(2048) NOT NULL)");
        }
        try (var insert = c.prepareStatement("INSERT INTO fortune (id, message) VALUES (?, ?)")) {
            for (Fortune f : FORTUNES) {
                insert.setInt(1, f.id());
                insert.setString(2, f.message());
                insert.addBatch();
            }
            insert.executeBatch();
        }
        try (Statement s = c.createStatement()) {
            s.execute("VACUUM ANALYZE world, fortune");
        }
    }

    /** Every world row's {@code randomnumber} by id. */
    public static Map<Integer, Integer> worlds(Connection c) throws SQLException {
        Map<Integer, Integer> out = new HashMap<>(TfbRules.WORLD_ROWS * 2);
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id, randomnumber FROM world")) {
            while (rs.next()) {
                out.put(rs.getInt(1), rs.getInt(2));
            }
        }
        return out;
    }
}
