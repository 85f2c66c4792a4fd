package io.pgfast.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Creates and fills the benchmark tables once per run, before any worker starts. */
public final class DataSetup {
    public static final int ALL_TYPES_ROWS = 100_000;
    public static final int SHORT_ROWS = 10_000;
    /**
     * The scenarios write tens of thousands of rows a second: an autovacuum starting in the middle of a
     * measurement would be noise, so the resets ({@link ScenarioData#resetStatements}) clean up instead.
     */
    private static final String NO_AUTOVACUUM = " WITH (autovacuum_enabled = off)";

    private static final String[] SCHEMA = {
            "DROP TABLE IF EXISTS bench_all_types, bench_short, bench_rw, bench_delete, bench_insert, bench_log,"
                    + " bench_batch",
            "CREATE TABLE bench_all_types (id int4 PRIMARY KEY, c_int8 int8 NOT NULL, c_numeric numeric(12,2) NOT NULL,"
                    + " c_text text NOT NULL, c_varchar varchar(40) NOT NULL, c_bool bool NOT NULL,"
                    + " c_float8 float8 NOT NULL, c_date date NOT NULL, c_tstz timestamptz NOT NULL,"
                    + " c_uuid uuid NOT NULL, c_bytea bytea NOT NULL, c_jsonb jsonb NOT NULL)" + NO_AUTOVACUUM,
            "INSERT INTO bench_all_types SELECT g, g::int8 * 1000003, (g * 1.25)::numeric(12,2), 'text value ' || g,"
                    + " 'vc' || (g % 1000), g % 2 = 0, g / 7.0, DATE '2020-01-01' + (g % 3650),"
                    + " TIMESTAMPTZ '2020-01-01 00:00:00+00' + g * INTERVAL '1 minute', md5(g::text)::uuid,"
                    + " decode(md5(g::text), 'hex'), jsonb_build_object('id', g, 'ok', true, 'tag', 'x' || (g % 10))"
                    + " FROM generate_series(1, " + ALL_TYPES_ROWS + ") g",
            "CREATE TABLE bench_short (id int4 PRIMARY KEY, fk int4 NOT NULL, flag bool NOT NULL, n int4 NOT NULL,"
                    + " s text NOT NULL)" + NO_AUTOVACUUM,
            "INSERT INTO bench_short SELECT g, g % 100, g % 3 = 0, (g * 7) % 1000, 'ok'"
                    + " FROM generate_series(1, " + SHORT_ROWS + ") g",
            "CREATE TABLE bench_rw (id int4 PRIMARY KEY, fk int4 NOT NULL, flag bool NOT NULL, n int4 NOT NULL,"
                    + " s text NOT NULL)" + NO_AUTOVACUUM,
            "INSERT INTO bench_rw SELECT id, fk, flag, n, s FROM bench_short",
            "CREATE TABLE bench_delete (id int4 PRIMARY KEY, payload text NOT NULL)" + NO_AUTOVACUUM,
            "CREATE TABLE bench_insert (id serial PRIMARY KEY, c_int4 int4, c_int8 int8, c_numeric numeric(12,2),"
                    + " c_text text, c_varchar varchar(40), c_bool bool, c_float8 float8, c_date date,"
                    + " c_tstz timestamptz, c_uuid uuid, c_bytea bytea, c_jsonb jsonb)" + NO_AUTOVACUUM,
            "CREATE TABLE bench_log (id bigserial PRIMARY KEY, rw_id int4 NOT NULL, n int4 NOT NULL)" + NO_AUTOVACUUM,
            "CREATE TABLE bench_batch (a int4 NOT NULL, b text NOT NULL, c bool NOT NULL)" + NO_AUTOVACUUM,
            "VACUUM ANALYZE bench_all_types, bench_short, bench_rw",
    };

    private DataSetup() {
    }

    /**
     * Drops and recreates every table as {@code target}'s role, which then owns them.
     *
     * @return the server's {@code server_version}
     */
    public static String createAndFill(BenchTarget target) throws SQLException {
        try (Connection c = DriverManager.getConnection(target.jdbcUrl(), target.user(), target.password());
             Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            for (String sql : SCHEMA) {
                s.execute(sql);
            }
            try (ResultSet rs = s.executeQuery("SHOW server_version")) {
                rs.next();
                return rs.getString(1);
            }
        }
    }
}
