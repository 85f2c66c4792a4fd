/**
 * The parser-only benchmark: {@link io.pgfast.bench.parser.DataRowParseBenchmark} (JMH; pgfast's readers from
 * {@code io.pgfast.codec.io} against the plain {@code ByteBuf.toString(UTF_8)} / {@code Integer.parseInt(String)}
 * path on captured DataRow streams, no server) and {@link io.pgfast.bench.parser.ParserBench}, which runs it in
 * the alternating rounds of the end-to-end benchmark, with the same ratios, noise and verdicts
 * ({@code io.pgfast.bench.stats}). May import JMH, netty-buffer, {@code io.pgfast.codec.io} and
 * {@code io.pgfast.bench.stats}; nothing of the end-to-end benchmark's drivers or server.
 */
package io.pgfast.bench.parser;
