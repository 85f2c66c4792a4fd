package io.pgfast.bench.app;

/**
 * One application process: a variant and which copy of it. The baseline runs twice (copies 1 and 2), so that the
 * same code's gap to itself, the noise, is measured in the same run; every other variant once.
 */
public record AppSlot(AppVariant variant, int copy) {

    @Override
    public String toString() {
        return variant.id() + (copy == 1 ? "" : "'");
    }
}
