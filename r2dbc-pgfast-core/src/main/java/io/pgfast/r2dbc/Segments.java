package io.pgfast.r2dbc;

import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Row;

/** The R2DBC segment types a Result hands to {@code flatMap} and {@code filter}. */
final class Segments {

    private Segments() {
    }

    record RowSegment(Row row) implements Result.RowSegment {
    }

    record UpdateCount(long value) implements Result.UpdateCount {
    }

    /** An error (ErrorResponse) or a warning/notice (NoticeResponse) as a segment. */
    record Message(R2dbcException exception) implements Result.Message {

        @Override
        public int errorCode() {
            return exception.getErrorCode();
        }

        @Override
        public String sqlState() {
            return exception.getSqlState();
        }

        @Override
        public String message() {
            return exception.getMessage();
        }
    }
}
