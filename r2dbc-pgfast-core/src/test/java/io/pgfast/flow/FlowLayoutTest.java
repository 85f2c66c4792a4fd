package io.pgfast.flow;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.vm.VM;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The heap size of the flow object every statement allocates, measured with JOL. Every statement makes one: a
 * field added to a flow is paid per execution, so a flow that grows past its figure fails here, with its layout
 * printed. The figures are for HotSpot's default 64-bit layout (compressed references and class pointers, 8-byte
 * alignment); on another layout the test is skipped. StatementFootprintTest counts what a whole statement
 * allocates on a real connection.
 */
class FlowLayoutTest {

    @BeforeAll
    static void defaultLayout() {
        assumeTrue(VM.current().sizeOfField("oop") == 4 && VM.current().objectHeaderSize() == 12
                && VM.current().objectAlignment() == 8, "the figures are for compressed references and class pointers");
    }

    @Test
    void aStatementWithOneSetOfBindings() {
        assertSize(OneBindingFlow.class, 128);
    }

    @Test
    void aBatch() {
        assertSize(BatchFlow.class, 128);
    }

    @Test
    void aSimpleQuery() {
        assertSize(SimpleQueryFlow.class, 88);
    }

    private static void assertSize(Class<?> flow, long bytes) {
        ClassLayout layout = ClassLayout.parseClass(flow);
        assertThat(layout.instanceSize()).as(layout.toPrintable()).isLessThanOrEqualTo(bytes);
    }
}
