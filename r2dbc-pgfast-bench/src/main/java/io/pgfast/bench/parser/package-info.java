/**
 * The parser-only benchmark: {@link io.pgfast.bench.parser.DataRowParseBenchmark} (JMH; pgfast's readers from
 * {@code io.pgfast.codec.io} against the plain {@code ByteBuf.toString(UTF_8)} / {@code Integer.parseInt(String)}
 * path on captured DataRow streams, no server) and {@link io.pgfast.bench.parser.ParserBench}, which runs it in
 * the alternating rounds of the end-to-end benchmark, with the same ratios, noise and verdicts
 * ({@code io.pgfast.bench.stats}); and {@link io.pgfast.bench.parser.CoreDataRowBenchmark}, core's own receive
 * path (framer, DataRow, built-in decoders) on the same datasets, which
 * {@link io.pgfast.bench.parser.CoreBeforeAfter} runs against an earlier build of core and codecs. May import JMH,
 * netty-buffer, the codecs, core's {@code io.pgfast.protocol} (its public wire-format API only, the same at every
 * compared commit) and {@code io.pgfast.bench.stats}; nothing of the end-to-end benchmark's drivers or server.
 */
package io.pgfast.bench.parser;
