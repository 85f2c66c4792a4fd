package io.pgfast.bench.parser;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The seed's five parser datasets as DataRow streams in the real wire format (PostgreSQL protocol,
 * "Message Formats": Byte1 'D', Int32 length, Int16 column count, then per column Int32 length and
 * the bytes), 500 rows per stream, text format as a simple query returns them.
 */
public final class DataRowStreams {

    public static final int ROWS = 500;

    /** How a column is read: parsed as an int, or decoded as a String. */
    public enum Kind { INT, TEXT }

    /** One dataset: its column kinds and a value generator per row and column. */
    public enum Dataset {
        /** 5 short columns: id, fk, bool, int, 'ok'. */
        SHORT_5(new Kind[] {Kind.INT, Kind.INT, Kind.TEXT, Kind.INT, Kind.TEXT}) {
            @Override
            String value(int row, int column, Random random) {
                switch (column) {
                    case 0: return Integer.toString(row + 1);
                    case 1: return Integer.toString(1 + random.nextInt(50));
                    case 2: return random.nextBoolean() ? "t" : "f";
                    case 3: return Integer.toString(random.nextInt(100_000));
                    default: return "ok";
                }
            }
        },
        /** 5 columns with dates and codes. */
        DATES_AND_CODES_5(new Kind[] {Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.INT}) {
            @Override
            String value(int row, int column, Random random) {
                switch (column) {
                    case 0: return String.format("2024-%02d-%02d", 1 + random.nextInt(12), 1 + random.nextInt(28));
                    case 1: return String.format("2024-%02d-%02d %02d:%02d:%02d", 1 + random.nextInt(12), 1 + random.nextInt(28),
                            random.nextInt(24), random.nextInt(60), random.nextInt(60));
                    case 2: return String.format("ORD-%06d", random.nextInt(1_000_000));
                    case 3: return new String[] {"EUR", "USD", "GBP", "JPY"}[random.nextInt(4)];
                    default: return Integer.toString(random.nextInt(1000));
                }
            }
        },
        /** 8 mixed columns: names, emails, a timestamp. */
        MIXED_8(new Kind[] {Kind.INT, Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.INT, Kind.TEXT}) {
            private final String[] first = {"John", "Maria", "Wei", "Fatima", "Olga", "Pedro", "Aisha", "Lars"};
            private final String[] last = {"Smith", "Garcia", "Chen", "Khan", "Ivanova", "Silva", "Bello", "Larsen"};

            @Override
            String value(int row, int column, Random random) {
                switch (column) {
                    case 0: return Integer.toString(row + 1);
                    case 1: return first[random.nextInt(first.length)];
                    case 2: return last[random.nextInt(last.length)];
                    case 3: return first[random.nextInt(first.length)].toLowerCase() + "." + last[random.nextInt(last.length)].toLowerCase()
                            + random.nextInt(1000) + "@example.com";
                    case 4: return String.format("2024-%02d-%02d %02d:%02d:%02d.%06d+00", 1 + random.nextInt(12), 1 + random.nextInt(28),
                            random.nextInt(24), random.nextInt(60), random.nextInt(60), random.nextInt(1_000_000));
                    case 5: return new String[] {"Berlin", "Lisbon", "Osaka", "Lagos", "Oslo"}[random.nextInt(5)];
                    case 6: return Integer.toString(18 + random.nextInt(70));
                    default: return random.nextBoolean() ? "active" : "inactive";
                }
            }
        },
        /** 4 long text columns of 37 to 80 characters. */
        LONG_TEXT_4(new Kind[] {Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT}) {
            private static final String WORDS = "the quick brown fox jumps over the lazy dog while a gentle breeze moves across the field ";

            @Override
            String value(int row, int column, Random random) {
                int length = 37 + random.nextInt(44);
                int start = random.nextInt(WORDS.length() - 1);
                StringBuilder sb = new StringBuilder(length);
                while (sb.length() < length) {
                    sb.append(WORDS.charAt((start + sb.length()) % WORDS.length()));
                }
                return sb.toString();
            }
        },
        /** 3 short non-ASCII columns. */
        NON_ASCII_3(new Kind[] {Kind.TEXT, Kind.TEXT, Kind.TEXT}) {
            private final String[] values = {"café", "Zürich", "日本", "naïve", "Ærø", "Øre", "中文", "Señor", "Ελλάδα", "Москва"};

            @Override
            String value(int row, int column, Random random) {
                return values[random.nextInt(values.length)];
            }
        };

        final Kind[] kinds;

        Dataset(Kind[] kinds) {
            this.kinds = kinds;
        }

        /** The row title of the parser table. */
        public String label() {
            switch (this) {
                case SHORT_5: return "5 short columns";
                case DATES_AND_CODES_5: return "5 dates and codes";
                case MIXED_8: return "8 mixed";
                case LONG_TEXT_4: return "4 long text";
                default: return "3 short non-ASCII";
            }
        }

        abstract String value(int row, int column, Random random);
    }

    private DataRowStreams() {
    }

    /** The dataset's 500 DataRow messages, concatenated in one buffer, from a fixed seed. */
    public static ByteBuf build(Dataset dataset, ByteBufAllocator allocator) {
        Random random = new Random(42);
        List<byte[][]> rows = new ArrayList<>();
        int size = 0;
        for (int r = 0; r < ROWS; r++) {
            byte[][] row = new byte[dataset.kinds.length][];
            int length = 4 + 2;
            for (int c = 0; c < row.length; c++) {
                row[c] = dataset.value(r, c, random).getBytes(StandardCharsets.UTF_8);
                length += 4 + row[c].length;
            }
            rows.add(row);
            size += 1 + length;
        }
        ByteBuf out = allocator.buffer(size);
        for (byte[][] row : rows) {
            int length = 4 + 2;
            for (byte[] value : row) {
                length += 4 + value.length;
            }
            out.writeByte('D');             // DataRow
            out.writeInt(length);           // message length, itself included
            out.writeShort(row.length);     // column count
            for (byte[] value : row) {
                out.writeInt(value.length); // column length
                out.writeBytes(value);      // column value, text format
            }
        }
        return out;
    }
}
