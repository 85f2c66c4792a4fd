package io.pgfast.flow;

/**
 * The columns of one result as the flows see them: only their number, to check each DataRow against its
 * RowDescription. What a column is and how it decodes belongs to the {@link ResultFactory} that built it.
 */
public interface ResultColumns {

    /** The number of columns. */
    int size();
}
