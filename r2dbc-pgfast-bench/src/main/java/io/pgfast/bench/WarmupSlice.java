package io.pgfast.bench;

/**
 * One slice of a worker's warm-up: pass {@code pass} (from 1) of one scenario in one shape, with its rate and
 * cost like a measured window. The slices of a process, in order, are its warm-up curve: a rate that still
 * climbs in the last passes says the warm-up was too short.
 */
public record WarmupSlice(int pass, Measurement measurement) {

    public String toLine() {
        return Worker.WARMUP_PREFIX + pass + '\t' + measurement.toLine();
    }

    public static boolean isWarmupLine(String line) {
        return line.startsWith(Worker.WARMUP_PREFIX);
    }

    /**
     * @throws IllegalArgumentException if the line is not one of {@link #toLine()}
     */
    public static WarmupSlice parseLine(String line) {
        if (!isWarmupLine(line)) {
            throw new IllegalArgumentException("not a warm-up line: " + line);
        }
        String rest = line.substring(Worker.WARMUP_PREFIX.length());
        int tab = rest.indexOf('\t');
        if (tab < 0) {
            throw new IllegalArgumentException("a warm-up line is a pass and a result: " + line);
        }
        try {
            return new WarmupSlice(Integer.parseInt(rest.substring(0, tab)), Measurement.parseLine(rest.substring(tab + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad warm-up pass in '" + line + "'", e);
        }
    }
}
