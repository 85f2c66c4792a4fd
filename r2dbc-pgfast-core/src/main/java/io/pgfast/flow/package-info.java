/**
 * The protocol flows: every request/response exchange with the backend as an explicit state machine
 * ({@link io.pgfast.transport.Conversation}) that fails on any unexpected message — startup and
 * authentication, the simple and the extended query protocol, COPY in and out, the driver's own commands
 * — and what they need to build their messages: bindings, the prepared-statement cache, reading SQL (one
 * lexer, {@link io.pgfast.flow.SqlLexer}, for the parameter markers, statement boundaries, the batch-insert
 * rewrite and the COPY check).
 *
 * <p>Results leave a flow as a {@link io.pgfast.flow.ResultFeed} handed to a
 * {@link io.pgfast.flow.ResultFactory}, which the R2DBC layer implements; a flow never knows the R2DBC faces.
 * The query flows split their work by class: {@code ResultDelivery} is the Results publisher (demand, the
 * Results held while read ahead in a {@code StatementReadAhead}, the end at ReadyForQuery), {@link io.pgfast.flow.QueryFlow}
 * what both query protocols share (the open Result, notices, cancellation, observation), and
 * {@link io.pgfast.flow.SimpleQueryFlow} and {@link io.pgfast.flow.ExtendedQueryFlow} the protocol state machines.
 * They are one object per statement, by inheritance, because every statement allocates it: FlowLayoutTest
 * measures its size.
 *
 * <p>May import transport, protocol, error, observation, the codecs, Reactor's core and the R2DBC SPI's
 * exception and {@code Result} types; never config, connect or {@code io.pgfast.r2dbc}.
 */
package io.pgfast.flow;
